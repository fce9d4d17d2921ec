import { AliasNode, TableNode, type RootOperationNode } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "~/features/settings/shop-settings";
import { addDays, shopToday } from "~/lib/shop-time";
import { TEST_CUSTOMER } from "../../../tests/support/bookings";
import { startTestApi, type TestApi } from "../../../tests/support/test-app";
import type { AvailableTime } from "./rules/availability";

/*
 * The shop's settings are read once per request into its context (decision 051): a booking, which asks them in
 * its availability, claim, payment policy, limits and mails, still reads them once. A read of the settings is a
 * read of the content version (which says whether the cached copy is current) and, when it is not, of the row.
 */

const SETTINGS_TABLES = ["content_version", "shop_settings", "team_member_hours", "services"] as const;

/** The tables a SELECT reads from (its FROM list), for counting. */
function tablesRead(node: RootOperationNode): string[] {
  if (node.kind !== "SelectQueryNode") return [];
  return (node.from?.froms ?? []).flatMap((from) => {
    const table = AliasNode.is(from) ? from.node : from;
    return TableNode.is(table) ? [table.table.identifier.name] : [];
  });
}

let recording: string[] | undefined;
let api: TestApi;
let serviceId: string;
let memberId: number;
const date = addDays(shopToday(), 9);

async function settingsReadsOf(request: () => Promise<unknown>) {
  recording = [];
  try {
    await request();
    return Object.fromEntries(
      SETTINGS_TABLES.map((table) => [table, recording!.filter((read) => read === table).length]),
    );
  } finally {
    recording = undefined;
  }
}

beforeAll(async () => {
  api = await startTestApi({
    pages: true,
    observeQueries: (node) => recording?.push(...tablesRead(node)),
  });
  const admin = await api.admin();
  const service = {
    title: "Scissor Cut",
    description: "Cut.",
    icon: "Scissors",
    category: "hair",
    price: 20,
    duration: 30,
  };
  serviceId = String((await admin.post("/api/services", service)).body.id);
  const member = {
    name: "Alex",
    bio: "",
    image: null,
    serviceIds: [serviceId],
    weeklyHours: DEFAULT_SETTINGS.openingHours,
  };
  memberId = (await admin.post("/api/team", { ...member, timeOff: [] })).body.id;
}, 60_000);
afterAll(() => api.close());

describe("one read of the settings per request", () => {
  it("POST /api/bookings, whatever its availability, claim, limits and mails ask", async () => {
    const [time] = (
      await api.anonymous().get(`/api/availability?date=${date}&services=${serviceId}&member=${memberId}`)
    ).body as AvailableTime[];
    const reads = await settingsReadsOf(async () => {
      const booked = await api.anonymous().post("/api/bookings", {
        ...TEST_CUSTOMER,
        services: [serviceId],
        memberId,
        date,
        startTime: time!.startTime,
      });
      expect(booked.status).toBe(201);
    });
    expect(reads.content_version).toBe(1);
    expect(reads.shop_settings).toBeLessThanOrEqual(1);
  });

  it("a booking after another reads neither the settings, the team nor the services again: bookings leave the content version", async () => {
    // Decision 066: a booking moves the slots' version, under which nothing is kept, not the content version.
    const times = (await api.anonymous().get(`/api/availability?date=${date}&services=${serviceId}&member=${memberId}`))
      .body as AvailableTime[];
    const book = (startTime: string, customerEmail: string) =>
      api.anonymous().post("/api/bookings", {
        ...TEST_CUSTOMER,
        customerEmail,
        services: [serviceId],
        memberId,
        date,
        startTime,
      });
    expect((await book(times.at(-1)!.startTime, "first@example.com")).status).toBe(201);
    const reads = await settingsReadsOf(async () => {
      expect((await book(times.at(-3)!.startTime, "second@example.com")).status).toBe(201);
    });
    expect(reads).toMatchObject({ content_version: 1, shop_settings: 0, team_member_hours: 0, services: 0 });
  });

  it("the booking page with a service, a barber and a date chosen", async () => {
    const reads = await settingsReadsOf(async () => {
      const page = await api.anonymous().get(`/bookings?service=${serviceId}&barber=${memberId}&date=${date}`);
      expect(page.status).toBe(200);
    });
    expect(reads.content_version).toBeLessThanOrEqual(1);
    expect(reads.shop_settings).toBeLessThanOrEqual(1);
  });
});
