import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import type { Db } from "~/db/client.server";
import { e164Phone } from "~/db/customer-phone";
import { customerDetails } from "~/features/account/account.server";
import { addDays, shopToday } from "~/lib/shop-time";
import { serviceWithBarber } from "../../../tests/support/bookings";
import { createTestDatabase, startTestApi, type TestApi, type TestClient } from "../../../tests/support/test-app";
import { customerIdFor } from "./customer-rows.server";

/*
 * Customers as rows (decision 041): every booking path and the waitlist find or make the customer in their own
 * transaction, by address, else by phone; writers racing to make the same new customer make one.
 */

describe("a phone as the customers table keeps it", () => {
  it("is E.164 whichever way a UK number was written", () => {
    for (const written of [
      "07700 900123",
      "07700900123",
      "+447700900123",
      "+44 7700 900123",
      "+44 (0)7700 900123",
      "0044 7700 900123",
      "(07700) 900-123",
      "447700900123",
    ]) {
      expect(e164Phone(written), written).toBe("+447700900123");
    }
    expect(e164Phone("")).toBe("");
    expect(e164Phone("+1 212 555 0100")).toBe("+12125550100");
  });
});

describe("racing writers", () => {
  const WRITERS = 8;
  let test: Awaited<ReturnType<typeof createTestDatabase>>;
  let connections: Db[];

  beforeAll(async () => {
    test = await createTestDatabase({ onDisk: true });
    // Each writer its own connection on PostgreSQL. SQLite in one process takes its writers in turn on one
    // connection (a second connection would wait on the lock the first holds while it awaits), as the app does.
    connections = Array.from({ length: WRITERS }, () => (test.url ? test.open() : test.db));
  });
  afterAll(async () => {
    if (test.url) await Promise.all(connections.map((db) => db.destroy()));
    await test.close();
  });

  const race = (contact: (writer: number) => Parameters<typeof customerIdFor>[1]) =>
    Promise.all(
      connections.map((db, writer) =>
        db.transaction().execute((trx) => customerIdFor(trx, contact(writer), `booking ${writer}`, new Date())),
      ),
    );

  it("make one customer of one new address, whatever its case", async () => {
    const ids = await race((writer) => ({
      customerName: `Racer ${writer}`,
      customerEmail: writer % 2 ? "RACER@example.com" : "racer@example.com",
      customerPhone: "07700 900321",
    }));
    expect(new Set(ids).size).toBe(1);
    const rows = await test.db
      .selectFrom("customers")
      .selectAll()
      .where("email_key", "=", "racer@example.com")
      .execute();
    expect(rows).toHaveLength(1);
  });

  it("keep one address's latest name, its first phone and its first text consent", async () => {
    const write = (customerName: string, customerPhone: string, smsConsent: boolean, source: string) =>
      test.db
        .transaction()
        .execute((trx) =>
          customerIdFor(
            trx,
            { customerName, customerEmail: "Keep@Example.com", customerPhone, smsConsent },
            source,
            new Date(),
          ),
        );
    const id = await write("Kay First", "", false, "booking A");
    await write("Kay Second", "07700 900444", true, "booking B");
    expect(await write("Kay Third", "07700 900555", true, "booking C")).toBe(id);
    const row = await test.db
      .selectFrom("customers")
      .select(["id", "name", "phone", "text_consent_source"])
      .where("email_key", "=", "keep@example.com")
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ id, name: "Kay Third", phone: "+447700900444", text_consent_source: "booking B" });
  });

  // The turn two bookings of one customer take before either checks the customer's day (decision 068).
  it.runIf(process.env.TEST_DATABASE_URL)(
    "hold one address's row from its write until the writer commits",
    async () => {
      const contact = { customerName: "Held", customerEmail: "held@example.com", customerPhone: "" };
      const events: string[] = [];
      let commitFirst!: () => void;
      const firstMayCommit = new Promise<void>((resolve) => (commitFirst = resolve));
      let firstWrote!: () => void;
      const wrote = new Promise<void>((resolve) => (firstWrote = resolve));
      const first = connections[0]!.transaction().execute(async (trx) => {
        await customerIdFor(trx, contact, "booking first", new Date());
        firstWrote();
        await firstMayCommit;
        events.push("first commits");
      });
      await wrote;
      const second = connections[1]!.transaction().execute(async (trx) => {
        await customerIdFor(trx, contact, "booking second", new Date());
        events.push("second holds the row");
      });
      // Until the second writer is seen waiting on a lock.
      for (;;) {
        const waiting = await test.db
          .selectNoFrom(
            sql<number>`(select count(*) from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database())`.as(
              "count",
            ),
          )
          .executeTakeFirstOrThrow();
        if (Number(waiting.count) > 0) break;
      }
      events.push("second waits");
      commitFirst();
      await Promise.all([first, second]);
      expect(events).toEqual(["second waits", "first commits", "second holds the row"]);
    },
  );

  it("make one customer of one new phone without an address", async () => {
    const ids = await race((writer) => ({
      customerName: "Walker",
      customerEmail: "",
      customerPhone: writer % 2 ? "+44 7700 900654" : "07700900654",
    }));
    expect(new Set(ids).size).toBe(1);
    expect(await test.db.selectFrom("customers").select("id").where("phone", "=", "+447700900654").execute()).toEqual([
      { id: ids[0] },
    ]);
  });
});

describe("bookings and waitlist entries point to their customer", () => {
  let api: TestApi;
  let admin: TestClient;
  let serviceId: string;
  let memberId: number;
  const day = addDays(shopToday(), 6);

  beforeAll(async () => {
    api = await startTestApi();
    admin = await api.admin();
    ({ serviceId, memberId } = await serviceWithBarber(admin));
  });
  afterAll(() => api.close());

  const customerOf = async (booking: { reference: string }) =>
    (
      await api.db
        .selectFrom("bookings")
        .select("customer_id")
        .where("reference", "=", booking.reference)
        .executeTakeFirstOrThrow()
    ).customer_id;

  it("joins an online customer's bookings, a walk-in on their phone and their waitlist entry to one customer", async () => {
    const online = await api.anonymous().post("/api/bookings", {
      services: [serviceId],
      date: day,
      startTime: "10:00",
      memberId,
      customerName: "Olive Online",
      customerEmail: "Olive@Example.com",
      customerPhone: "07700 900111",
      smsConsent: true,
      notes: "",
    });
    expect(online.status, online.text).toBe(201);
    const customerId = await customerOf(online.body);
    expect(customerId).not.toBeNull();

    // The owner books her again for a call, the address in another case.
    const called = await admin.post("/api/bookings", {
      services: [serviceId],
      date: day,
      startTime: "11:00",
      memberId,
      customerName: "Olive Online",
      customerEmail: "olive@example.com",
      customerPhone: "07700900111",
      notes: "",
    });
    expect(called.status, called.text).toBe(201);
    expect(await customerOf(called.body)).toBe(customerId);

    // She walks in and gives her number the other way: the walk-in is hers, and her name stays hers.
    const walkIn = await admin.post("/api/bookings/walk-in", {
      services: [serviceId],
      date: day,
      startTime: "13:00",
      customerName: "Liv",
      customerPhone: "+44 7700 900111",
    });
    expect(walkIn.status, walkIn.text).toBe(201);
    expect(await customerOf(walkIn.body)).toBe(customerId);

    const waiting = await api.anonymous().post("/api/waitlist", {
      customerName: "Olive Online",
      customerEmail: "OLIVE@example.com",
      customerPhone: "07700 900111",
      date: addDays(day, 1),
      services: [Number(serviceId)],
    });
    expect(waiting.status, waiting.text).toBe(201);
    const entry = await api.db
      .selectFrom("waitlist_entries")
      .select("customer_id")
      .where("customer_key", "=", "olive@example.com")
      .executeTakeFirstOrThrow();
    expect(entry.customer_id).toBe(customerId);

    const record = await admin.get(`/api/customers/${customerId}`);
    expect(record.body).toMatchObject({
      name: "Olive Online",
      email: "olive@example.com",
      phone: "+447700900111",
      bookings: 3,
      textConsent: { source: `booking ${online.body.reference}` },
    });
    expect(await api.db.selectFrom("customers").select("id").execute()).toHaveLength(1);
  });

  it("offers the customer's own phone on their forms, not one someone else booked with their address", async () => {
    const first = await api.anonymous().post("/api/bookings", {
      services: [serviceId],
      date: day,
      startTime: "15:00",
      memberId,
      customerName: "Priya Private",
      customerEmail: "priya@example.com",
      customerPhone: "07700 900222",
      notes: "",
    });
    expect(first.status, first.text).toBe(201);
    const stranger = await api.anonymous().post("/api/bookings", {
      services: [serviceId],
      date: day,
      startTime: "16:00",
      memberId,
      customerName: "Priya Private",
      customerEmail: "priya@example.com",
      customerPhone: "07700 900333",
      notes: "",
    });
    expect(stranger.status, stranger.text).toBe(201);
    expect(await customerDetails(api.db, "PRIYA@example.com")).toEqual({
      customerName: "Priya Private",
      customerEmail: "PRIYA@example.com",
      // The row's phone, written as a British form shows it.
      customerPhone: "07700900222",
    });
  });
});
