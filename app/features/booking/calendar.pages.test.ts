import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dayOfWeek } from "~/features/settings/opening-hours";
import type { TeamMember } from "~/features/team/team.schema";
import { addDays, shopToday } from "~/lib/shop-time";
import { startTestApi, type TestApi, type TestClient } from "../../../tests/support/test-app";

/*
 * /admin/calendar without JavaScript: the page renders its day on the server, and the Move… form posts to
 * the route action, which moves with the API's function and redirects back to the view.
 */

let api: TestApi;
let admin: TestClient;
let serviceId: string;
const team: TeamMember[] = [];

const date = (() => {
  let day = addDays(shopToday(), 3);
  while (dayOfWeek(day) !== 3) day = addDays(day, 1);
  return day;
})();

function postForm(fields: Record<string, string>) {
  return admin.request("POST", `/admin/calendar?date=${date}`, {
    body: new URLSearchParams({ back: `/admin/calendar?date=${date}`, ...fields }),
    headers: { "content-type": "application/x-www-form-urlencoded", origin: api.baseUrl, accept: "text/html" },
  });
}

beforeAll(async () => {
  api = await startTestApi({ pages: true });
  admin = await api.admin();
  const service = { title: "Scissor Cut", price: 20, duration: 30, description: "Cut.", icon: "Scissors" };
  serviceId = String((await admin.post("/api/services", { ...service, category: "hair" })).body.id);
  for (const name of ["Alex", "Bea"]) {
    const weeklyHours = [1, 2, 3, 4, 5].map((day) => ({ day, ranges: [{ start: "10:00", end: "16:00" }] }));
    const body = { name, bio: "", image: null, serviceIds: [serviceId], weeklyHours, timeOff: [] };
    team.push((await admin.post("/api/team", body)).body as TeamMember);
  }
}, 120_000);
afterAll(async () => {
  await api.close();
});

describe("/admin/calendar", () => {
  it("renders the day's bookings per barber on the server, and moves one through the form", async () => {
    const booked = await api.anonymous().post("/api/bookings", {
      customerName: "Sam Taylor",
      customerEmail: "sam@example.com",
      customerPhone: "07911 123456",
      notes: "",
      services: [serviceId],
      date,
      startTime: "10:00",
      memberId: team[0]!.id,
    });
    expect(booked.status).toBe(201);
    const page = await admin.get(`/admin/calendar?date=${date}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Sam Taylor");
    expect(page.text).toContain('data-calendar-column="' + team[1]!.id + '"');

    const { id } = await api.db
      .selectFrom("bookings")
      .select("id")
      .where("reference", "=", booked.body.reference)
      .executeTakeFirstOrThrow();
    const form = await admin.get(`/admin/calendar?date=${date}&move=${id}`);
    expect(form.text).toContain("Move booking");

    const moved = await postForm({
      intent: "move",
      bookingId: String(id),
      date,
      startTime: "12:00",
      memberId: String(team[1]!.id),
    });
    expect(moved.status).toBe(302);
    expect(moved.headers.get("location")).toBe(`/admin/calendar?date=${date}`);
    const after = await admin.get(`/api/availability?date=${date}&services=${serviceId}&member=${team[1]!.id}`);
    expect((after.body as { startTime: string }[]).map((time) => time.startTime)).not.toContain("12:00");

    const refused = await postForm({
      intent: "move",
      bookingId: String(id),
      date,
      startTime: "17:00",
      memberId: String(team[1]!.id),
    });
    expect(refused.status).toBe(409);
    expect(refused.text).toContain("outside Bea&#x27;s working hours");
  });

  it("sends anyone but an admin to the login", async () => {
    const response = await api.anonymous().get(`/admin/calendar?date=${date}`);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin");
  });
});
