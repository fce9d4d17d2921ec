import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addressGroup } from "~/lib/api.server";
import { addDays, shopToday } from "~/lib/shop-time";
import { TEST_ADMIN, openAllHours, startTestApi, type TestApi, type TestResponse } from "../tests/support/test-app";

/*
 * Limits that hold: a burst of 40 parallel requests lets exactly the limit through (on a file database
 * and on PostgreSQL), addresses and accounts and e-mail addresses are each limited, IPv6 addresses count
 * by their /64, and attempts refused while locked out do not extend the lock.
 */

const BURST = 40;

let api: TestApi;
let serviceId: string;

beforeAll(async () => {
  // Behind a trusted proxy on loopback, each request may name its own client address (X-Forwarded-For).
  api = await startTestApi({ onDisk: true, env: { TRUST_PROXY: "loopback" } });
  await openAllHours(api.db);
  const owner = await api.admin();
  serviceId = String(
    (
      await owner.post("/api/services", {
        title: "Cut",
        price: 10,
        description: "A cut.",
        category: "hair",
        icon: "Scissors",
        duration: 15,
      })
    ).body.id,
  );
});
afterAll(() => api.close());
beforeEach(async () => {
  await api.db.deleteFrom("rate_limit_events").execute();
  await api.db.deleteFrom("audit_log").execute();
});

const from = (address: string) => ({ "x-forwarded-for": address });

const statuses = (responses: TestResponse[]) => {
  const counts: Record<number, number> = {};
  for (const { status } of responses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
};

/** BURST open slots on one day, a quarter of an hour apart. */
async function freeSlots(day: number) {
  const owner = await api.admin();
  const created = await owner.post("/api/booking-slots", {
    dates: [addDays(shopToday(), day)],
    startTime: "08:00",
    endTime: "18:00",
    repeatEveryMinutes: 15,
  });
  expect(created.status).toBe(201);
  return (created.body as { id: number }[]).slice(0, BURST);
}

const bookingOf = (email: string) => ({
  services: [serviceId],
  customerName: "Sam Taylor",
  customerEmail: email,
  customerPhone: "07911 123456",
  notes: "",
});

const contactOf = (email: string) => ({
  name: "Jordan Patel",
  email,
  phone: "07700 900123",
  message: "Do you do hot towel shaves on Saturdays?",
});

describe("a burst of 40 parallel requests", () => {
  it("books exactly the limit per address (10), each booking another time", async () => {
    const slots = await freeSlots(20);
    const burst = await Promise.all(
      slots.map((slot, index) =>
        api.anonymous().request("PATCH", `/api/booking-slots/${slot.id}`, {
          json: bookingOf(`customer${index}@example.test`),
          headers: from("203.0.113.7"),
        }),
      ),
    );
    expect(statuses(burst)).toEqual({ 200: 10, 429: 30 });
  });

  it("books exactly the limit per e-mail address (3), from as many addresses", async () => {
    const slots = await freeSlots(21);
    const burst = await Promise.all(
      slots.map((slot, index) =>
        api.anonymous().request("PATCH", `/api/booking-slots/${slot.id}`, {
          json: bookingOf(index % 2 ? "Target@Example.test" : "target@example.test"),
          headers: from(`198.51.100.${index + 1}`),
        }),
      ),
    );
    expect(statuses(burst)).toEqual({ 200: 3, 429: 37 });
  });

  it("takes exactly the limit of contact messages per address (5) and per e-mail address (3)", async () => {
    const perAddress = await Promise.all(
      Array.from({ length: BURST }, (_, index) =>
        api.anonymous().request("POST", "/api/contact", {
          json: contactOf(`visitor${index}@example.test`),
          headers: from("203.0.113.8"),
        }),
      ),
    );
    expect(statuses(perAddress)).toEqual({ 201: 5, 429: 35 });

    const perEmail = await Promise.all(
      Array.from({ length: BURST }, (_, index) =>
        api.anonymous().request("POST", "/api/contact", {
          json: contactOf("someone-else@example.test"),
          headers: from(`192.0.2.${index + 1}`),
        }),
      ),
    );
    expect(statuses(perEmail)).toEqual({ 201: 3, 429: 37 });
  });

  it("checks exactly the limit of passwords per address (5)", async () => {
    const burst = await Promise.all(
      Array.from({ length: BURST }, () =>
        api.anonymous().request("POST", "/api/login", {
          json: { username: TEST_ADMIN.username, password: "wrong" },
          headers: from("203.0.113.9"),
        }),
      ),
    );
    expect(statuses(burst)).toEqual({ 401: 5, 429: 35 });
  });
});

describe("sign-in limits", () => {
  it("lock an account after 10 failures from anywhere, right password included, and record the lock-out once", async () => {
    const burst = await Promise.all(
      Array.from({ length: BURST }, (_, index) =>
        api.anonymous().request("POST", "/api/login", {
          json: { username: TEST_ADMIN.username, password: "wrong" },
          headers: from(`10.1.${index}.1`),
        }),
      ),
    );
    expect(statuses(burst)).toEqual({ 401: 10, 429: 30 });
    const right = await api.anonymous().request("POST", "/api/login", { json: TEST_ADMIN, headers: from("10.2.0.1") });
    expect(right.status).toBe(429);

    const lockOuts = await api.db
      .selectFrom("audit_log")
      .select(["actor_name", "target_label"])
      .where("action", "=", "locked out")
      .execute();
    expect(lockOuts).toEqual([
      { actor_name: TEST_ADMIN.username, target_label: "account: 10 failures in 15 minutes (login-failure-account)" },
    ]);
  });

  it("do not count attempts refused while locked out, so the lock ends with its window", async () => {
    const attempt = () =>
      api.anonymous().request("POST", "/api/login", {
        json: { username: "nobody", password: "wrong" },
        headers: from("203.0.113.10"),
      });
    for (let index = 0; index < 5; index++) expect((await attempt()).status).toBe(401);
    for (let index = 0; index < 5; index++) expect((await attempt()).status).toBe(429);
    const counted = await api.db
      .selectFrom("rate_limit_events")
      .select(["bucket", "subject"])
      .where("subject", "=", "203.0.113.10")
      .execute();
    expect(counted).toHaveLength(5);
  });

  it("count IPv6 addresses by their /64", async () => {
    const attempt = (address: string) =>
      api.anonymous().request("POST", "/api/login", {
        json: { username: `someone-${address}`, password: "wrong" },
        headers: from(address),
      });
    for (let host = 1; host <= 5; host++) expect((await attempt(`2001:db8:1:2::${host}`)).status).toBe(401);
    expect((await attempt("2001:db8:1:2:ffff:ffff:ffff:ffff")).status).toBe(429);
    expect((await attempt("2001:db8:1:3::1")).status).toBe(401);
  });
});

describe("addressGroup", () => {
  it("keeps IPv4 addresses, unwraps mapped ones and cuts IPv6 ones to their /64", () => {
    expect(addressGroup("203.0.113.7")).toBe("203.0.113.7");
    expect(addressGroup("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(addressGroup("2001:db8:1:2::5")).toBe("2001:db8:1:2::/64");
    expect(addressGroup("2001:0DB8:0001:0002:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
    expect(addressGroup("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressGroup("::1")).toBe("0:0:0:0::/64");
  });
});
