import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startClockAt } from "~/lib/clock";
import { addDays, shopInstant, shopToday } from "~/lib/shop-time";
import { addService, bookAppointment } from "../../../tests/support/bookings";
import { startSmtpSink, type SmtpSink } from "../../../tests/support/smtp-sink";
import { nonAdminCallers, startTestApi, type TestApi, type TestClient } from "../../../tests/support/test-app";
import { customerFingerprint } from "~/features/customer-identity/customer-fingerprint.server";
import { CUSTOMER_KEY_MESSAGE, type CustomerRecord, type CustomerSummary } from "./customers.schema";
import { ERASED_NAME } from "./erasure.server";
import { applyRetention, monthsBefore } from "./retention.server";
import { shopReads } from "../../../server/request-context";

const today = shopToday();
const nextYear = Number(today.slice(0, 4)) + 1;

let sink: SmtpSink;
let api: TestApi;
let admin: TestClient;
let serviceId: number;

beforeAll(async () => {
  sink = await startSmtpSink();
  api = await startTestApi({ env: { SMTP_URL: sink.url } });
  admin = await api.admin();
  serviceId = await addService(api.db);
});
afterAll(async () => {
  await api.close();
  await sink.close();
});

const enc = encodeURIComponent;

async function contactMessage(email: string, createdAt: string, name = "Sam Taylor") {
  await api.db
    .insertInto("contact_submissions")
    .values({
      name,
      email,
      phone: "07911 123456",
      message: `A question from ${email}`,
      status: "sent",
      error: null,
      created_at: createdAt,
    })
    .execute();
}

describe("attendance", () => {
  it("is recorded by an admin once the appointment has started, and refused before", async () => {
    const past = await bookAppointment(api.db, {
      date: addDays(today, -3),
      email: "Ada@Example.com",
      name: "Ada Lovelace",
      serviceIds: [serviceId],
    });
    const future = await bookAppointment(api.db, {
      date: `${nextYear}-02-10`,
      email: "ada@example.com",
      name: "Ada Lovelace",
      serviceIds: [serviceId],
    });

    const early = await admin.patch(`/api/bookings/${future.id}`, { attendance: "no-show" });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe("Attendance can only be recorded once the appointment has started.");

    const marked = await admin.patch(`/api/bookings/${past.id}`, { attendance: "no-show" });
    expect(marked.status).toBe(200);
    expect(marked.body).toMatchObject({ bookingId: past.id, attendance: "no-show" });

    const invalid = await admin.patch(`/api/bookings/${past.id}`, { attendance: "late" });
    expect(invalid.status).toBe(400);
    expect(invalid.body.issues[0].message).toBe('Attendance must be "attended", "no-show" or null');
    expect((await admin.patch(`/api/bookings/999999`, { attendance: "attended" })).status).toBe(404);

    for (const [client, status] of await nonAdminCallers(api)) {
      expect((await client.patch(`/api/bookings/${past.id}`, { attendance: "attended" })).status).toBe(status);
    }
    const stored = await api.db
      .selectFrom("bookings")
      .select("attendance")
      .where("id", "=", past.id)
      .executeTakeFirst();
    expect(stored?.attendance).toBe("no-show");
  });

  it("counts an appointment as started by the shop's clock, the one the calendar shows the day by", async () => {
    const date = `${nextYear}-02-12`;
    const booking = await bookAppointment(api.db, { date, email: "clocked@example.com", serviceIds: [serviceId] });
    try {
      startClockAt(shopInstant(date, "10:05"));
      const marked = await admin.patch(`/api/bookings/${booking.id}`, { attendance: "no-show" });
      expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    } finally {
      startClockAt(new Date());
    }
  });

  it("flags a customer with two no-shows on their bookings in the admin list", async () => {
    const email = "often-away@example.com";
    const misses = [];
    for (const days of [-20, -10]) {
      misses.push(await bookAppointment(api.db, { date: addDays(today, days), email, serviceIds: [serviceId] }));
    }
    const next = await bookAppointment(api.db, { date: `${nextYear}-03-03`, email, serviceIds: [serviceId] });
    const flagOf = async () =>
      (
        (await admin.get("/api/booking-slots?admin=true")).body as { bookingId?: number; customerNoShows?: number }[]
      ).find((slot) => slot.bookingId === next.id)?.customerNoShows;
    await admin.patch(`/api/bookings/${misses[0]!.id}`, { attendance: "no-show" });
    expect(await flagOf()).toBe(1);
    await admin.patch(`/api/bookings/${misses[1]!.id}`, { attendance: "no-show" });
    expect(await flagOf()).toBe(2);
  });
});

describe("customer records", () => {
  it("groups bookings by e-mail whatever its case, with counts, visits, total and notes, found by name, e-mail or phone", async () => {
    const email = "grace@example.com";
    const first = await bookAppointment(api.db, {
      date: addDays(today, -40),
      email: "GRACE@example.com",
      name: "Grace Hopper",
      phone: "07700 900123",
      serviceIds: [serviceId],
    });
    const second = await bookAppointment(api.db, {
      date: addDays(today, -5),
      email,
      name: "Grace Hopper",
      phone: "07700 900123",
      serviceIds: [serviceId],
    });
    await bookAppointment(api.db, {
      date: `${nextYear}-04-04`,
      email,
      name: "Grace Hopper",
      phone: "07700 900123",
      serviceIds: [serviceId],
    });
    await admin.patch(`/api/bookings/${first.id}`, { attendance: "attended" });
    await admin.patch(`/api/bookings/${second.id}`, { attendance: "no-show" });
    await contactMessage("Grace@Example.com", new Date().toISOString(), "Grace Hopper");

    const { id } = await api.db
      .selectFrom("customers")
      .select("id")
      .where("email_key", "=", email)
      .executeTakeFirstOrThrow();
    // Decision 041: a customer is a row, named by its number; the address as last written; the phone in E.164.
    const expected: CustomerSummary = {
      id,
      key: String(id),
      email,
      name: "Grace Hopper",
      phone: "+447700900123",
      bookings: 3,
      noShows: 1,
      // The no-show five days ago was no visit.
      lastVisit: addDays(today, -40),
      nextVisit: `${nextYear}-04-04`,
      // Only the appointment she came to: £18.50 + the £8 fee.
      totalSpent: 26.5,
    };
    for (const q of ["grace h", "GRACE@EXAMPLE", "07700 900", "900123"]) {
      const found = (await admin.get(`/api/customers?q=${enc(q)}`)).body as CustomerSummary[];
      expect(found, q).toEqual([expected]);
    }
    expect((await admin.get(`/api/customers?q=${enc("nobody-like-this")}`)).body).toEqual([]);
    expect((await admin.get(`/api/customers?q=${enc("%")}`)).body).toEqual([]);

    const saved = await admin.put(`/api/customers/${enc("Grace@Example.com")}/notes`, {
      notes: "Prefers a number 2 on the sides.",
    });
    expect(saved.status).toBe(200);
    const record = (await admin.get(`/api/customers/${enc(email)}`)).body as CustomerRecord;
    expect(record).toMatchObject({ ...expected, notes: "Prefers a number 2 on the sides." });
    // The number names the same record; so does the address, as record URLs did before customers were rows.
    expect((await admin.get(`/api/customers/${id}`)).body).toEqual(record);
    expect(record.history.map((booking) => booking.attendance)).toEqual([null, "no-show", "attended"]);
    expect(record.history.map((booking) => booking.canRecordAttendance)).toEqual([false, true, true]);
    expect(record.messages).toHaveLength(1);

    expect((await admin.get(`/api/customers/${enc("nobody@example.com")}`)).status).toBe(404);

    const missed = await bookAppointment(api.db, {
      date: addDays(today, -3),
      startTime: "15:00",
      endTime: "15:30",
      email: "only-missed@example.com",
      serviceIds: [serviceId],
    });
    await admin.patch(`/api/bookings/${missed.id}`, { attendance: "no-show" });
    const noVisit = (await admin.get(`/api/customers/${enc("only-missed@example.com")}`)).body as CustomerRecord;
    expect(noVisit).toMatchObject({ bookings: 1, noShows: 1, lastVisit: null, totalSpent: 0 });
    expect((await admin.put(`/api/customers/${enc("nobody@example.com")}/notes`, { notes: "x" })).status).toBe(404);
    for (const [client, status] of await nonAdminCallers(api)) {
      expect((await client.get("/api/customers?q=grace")).status).toBe(status);
      expect((await client.get(`/api/customers/${enc(email)}`)).status).toBe(status);
      expect((await client.put(`/api/customers/${enc(email)}/notes`, { notes: "x" })).status).toBe(status);
      expect((await client.get(`/api/customers/${enc(email)}/export`)).status).toBe(status);
      expect((await client.delete(`/api/customers/${enc(email)}`)).status).toBe(status);
    }
  });
});

describe("subject access and erasure", () => {
  it("exports everything about one e-mail and nothing about another", async () => {
    const email = "export-me@example.com";
    await bookAppointment(api.db, { date: addDays(today, -8), email, name: "Ex Porter", serviceIds: [serviceId] });
    await bookAppointment(api.db, {
      date: `${nextYear}-05-05`,
      email: "EXPORT-ME@example.com",
      name: "Ex Porter",
      serviceIds: [serviceId],
    });
    await bookAppointment(api.db, {
      date: addDays(today, -8),
      startTime: "11:00",
      endTime: "11:30",
      email: "someone-else@example.com",
      name: "Someone Else",
      serviceIds: [serviceId],
    });
    await contactMessage(email, new Date().toISOString(), "Ex Porter");
    await contactMessage("someone-else@example.com", new Date().toISOString(), "Someone Else");
    await admin.put(`/api/customers/${enc(email)}/notes`, { notes: "Always early." });

    const response = await admin.get(`/api/customers/${enc(email)}/export`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="customer-export-me@example\.com-.+\.json"/,
    );
    const data = JSON.parse(response.text);
    expect(data.email).toBe(email);
    // The customer row itself (decision 041): their details, and their consents with when and where given.
    expect(data.customer).toMatchObject({
      name: "Ex Porter",
      email: "export-me@example.com",
      phone: "+447911123456",
      textConsent: null,
      marketingConsent: null,
    });
    expect(data.bookings).toHaveLength(2);
    expect(data.bookings[0]).toMatchObject({
      name: "Ex Porter",
      phone: "07911123456",
      services: [{ title: "Skin Fade", price: 18.5, duration: 30 }],
      total: 26.5,
    });
    expect(data.contactMessages).toEqual([
      expect.objectContaining({ name: "Ex Porter", message: `A question from ${email}` }),
    ]);
    expect(data.ownerNotes).toBe("Always early.");
    expect(response.text).not.toContain("someone-else");
    expect(response.text).not.toContain("Someone Else");
  });

  it("erases a customer: upcoming bookings cancelled without a word to them, personal data replaced, figures kept", async () => {
    const email = "forget-me@example.com";
    const past = await bookAppointment(api.db, {
      date: addDays(today, -12),
      email,
      name: "Fay Gone",
      serviceIds: [serviceId],
    });
    const upcoming = await bookAppointment(api.db, {
      date: `${nextYear}-06-06`,
      email,
      name: "Fay Gone",
      serviceIds: [serviceId],
    });
    const other = await bookAppointment(api.db, {
      date: addDays(today, -12),
      startTime: "12:00",
      endTime: "12:30",
      email: "stays@example.com",
      name: "Stan Stays",
      serviceIds: [serviceId],
    });
    await contactMessage(email, new Date().toISOString(), "Fay Gone");
    await admin.put(`/api/customers/${enc(email)}/notes`, { notes: "Asked to be forgotten." });

    const response = await admin.delete(`/api/customers/${enc("Forget-Me@example.com")}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ cancelledBookings: 1, erasedBookings: 2, erasedMessages: 1 });
    await api.runJobs();
    // Nothing more goes to a person who asked to be erased (decision 043); the shop's copy names no one.
    expect(sink.to(email).some((mail) => /has been cancelled \(OB-\w+\)$/.test(mail.subject))).toBe(false);

    const rows = await api.db.selectFrom("bookings").selectAll().where("id", "in", [past.id, upcoming.id]).execute();
    for (const row of rows) {
      expect(row).toMatchObject({ customer_name: ERASED_NAME, customer_email: "", customer_phone: "", notes: "" });
      expect(row.total_pence).toBe(2650);
      expect(row.erased_at).not.toBeNull();
    }
    expect(rows.find((row) => row.id === upcoming.id)?.status).toBe("cancelled");
    const messages = await api.db
      .selectFrom("contact_submissions")
      .selectAll()
      .where("name", "=", "Fay Gone")
      .execute();
    expect(messages).toHaveLength(0);
    // The customer row stays for the figures, with nothing left to name anyone.
    const customer = await api.db
      .selectFrom("customers")
      .selectAll()
      .where("id", "=", rows[0]!.customer_id!)
      .executeTakeFirstOrThrow();
    expect(customer).toMatchObject({ name: ERASED_NAME, email: "", email_key: null, phone: "", notes: "" });
    expect(customer.erased_at).not.toBeNull();
    expect((await admin.get(`/api/customers/${enc(email)}`)).status).toBe(404);
    const untouched = await api.db
      .selectFrom("bookings")
      .selectAll()
      .where("id", "=", other.id)
      .executeTakeFirstOrThrow();
    expect(untouched).toMatchObject({
      customer_name: "Stan Stays",
      customer_email: "stays@example.com",
      erased_at: null,
    });
  });
});

describe("the audit log of subject access and erasure", () => {
  const auditRows = () => api.db.selectFrom("audit_log").selectAll().orderBy("id").execute();

  it("records one export and one erasure under the customer's fingerprint, never the address", async () => {
    const email = "Audrey.Trail@Example.com";
    await bookAppointment(api.db, {
      date: addDays(today, -5),
      startTime: "15:00",
      endTime: "15:30",
      email,
      name: "Audrey Trail",
      serviceIds: [serviceId],
    });
    const before = (await auditRows()).length;

    expect((await admin.get(`/api/customers/${enc(email)}/export`)).status).toBe(200);
    expect((await admin.delete(`/api/customers/${enc(email)}`)).status).toBe(200);

    const fingerprint = customerFingerprint(api.ctx.config, "audrey.trail@example.com");
    expect(fingerprint).toMatch(/^[0-9a-f]{16}$/);
    const entries = (await auditRows()).slice(before);
    expect(entries.map((row) => [row.kind, row.action, row.target_id, row.target_label])).toEqual([
      ["customers", "export customer data", fingerprint, null],
      ["customers", "erase customer", fingerprint, null],
    ]);
    // Not this address, nor any other customer's, in any column of any entry.
    for (const row of await auditRows()) {
      expect(JSON.stringify(row).toLowerCase()).not.toMatch(/audrey|@example\.com|%40/);
    }
  });

  it("records nothing for a refused export or erasure, and refuses a malformed address with a clear message", async () => {
    const before = await auditRows();
    for (const malformed of ["not-an-address", "a@b@example.com", " "]) {
      for (const response of [
        await admin.get(`/api/customers/${enc(malformed)}/export`),
        await admin.delete(`/api/customers/${enc(malformed)}`),
      ]) {
        expect(response.status).toBe(400);
        expect(response.body.message).toBe(CUSTOMER_KEY_MESSAGE);
      }
    }
    expect((await admin.get(`/api/customers/${enc("nobody@example.com")}/export`)).status).toBe(404);
    expect((await admin.delete(`/api/customers/${enc("nobody@example.com")}`)).status).toBe(404);
    expect(await auditRows()).toEqual(before);
  });
});

describe("retention", () => {
  it("erases exactly the bookings and messages older than their periods, and nothing else", async () => {
    const bookingCutoff = monthsBefore(today, 24);
    const messageCutoff = monthsBefore(today, 12);
    const expired = await bookAppointment(api.db, {
      date: addDays(bookingCutoff, -1),
      email: "old@example.com",
      name: "Old Timer",
      serviceIds: [serviceId],
    });
    const kept = await bookAppointment(api.db, {
      date: bookingCutoff,
      email: "edge@example.com",
      name: "Edge Case",
      serviceIds: [serviceId],
    });
    await contactMessage(
      "old-message@example.com",
      new Date(Date.parse(`${addDays(messageCutoff, -1)}T12:00:00Z`)).toISOString(),
      "Old Message",
    );
    await contactMessage(
      "new-message@example.com",
      new Date(Date.parse(`${addDays(messageCutoff, 1)}T12:00:00Z`)).toISOString(),
      "New Message",
    );

    const before = await api.db.selectFrom("bookings").select("id").where("erased_at", "is", null).execute();
    const erased = await applyRetention(shopReads(api.db));
    expect(erased).toEqual({ erasedBookings: 1, erasedMessages: 1, erasedQueueEntries: 0, prunedJobs: 0 });
    const after = await api.db.selectFrom("bookings").select("id").where("erased_at", "is", null).execute();
    expect(before.map((row) => row.id).filter((id) => !after.some((row) => row.id === id))).toEqual([expired.id]);

    const old = await api.db.selectFrom("bookings").selectAll().where("id", "=", expired.id).executeTakeFirstOrThrow();
    expect(old).toMatchObject({
      customer_name: ERASED_NAME,
      customer_email: "",
      customer_phone: "",
      total_pence: 2650,
      status: "confirmed",
    });
    const services = await api.db
      .selectFrom("booking_services")
      .select("title")
      .where("booking_id", "=", expired.id)
      .execute();
    expect(services).toEqual([{ title: "Skin Fade" }]);
    expect(
      await api.db.selectFrom("bookings").select("customer_name").where("id", "=", kept.id).executeTakeFirst(),
    ).toEqual({ customer_name: "Edge Case" });
    // The customer with nothing left to stand for is blanked too; the one still within the period stays.
    const customerOf = (bookingId: number) =>
      api.db
        .selectFrom("customers as c")
        .innerJoin("bookings as b", "b.customer_id", "c.id")
        .select(["c.name", "c.email_key", "c.phone"])
        .where("b.id", "=", bookingId)
        .executeTakeFirstOrThrow();
    expect(await customerOf(expired.id)).toEqual({ name: ERASED_NAME, email_key: null, phone: "" });
    expect(await customerOf(kept.id)).toEqual({
      name: "Edge Case",
      email_key: "edge@example.com",
      phone: "+447911123456",
    });
    const names = (await api.db.selectFrom("contact_submissions").select("name").execute()).map((row) => row.name);
    expect(names).toContain("New Message");
    expect(names).not.toContain("Old Message");
    // Running again finds nothing more to do.
    expect(await applyRetention(shopReads(api.db))).toEqual({
      erasedBookings: 0,
      erasedMessages: 0,
      erasedQueueEntries: 0,
      prunedJobs: 0,
    });
  });

  it("counts calendar months, ending on the last day of a shorter month", () => {
    expect(monthsBefore("2026-03-31", 1)).toBe("2026-02-28");
    expect(monthsBefore("2026-05-15", 24)).toBe("2024-05-15");
    expect(monthsBefore("2024-02-29", 12)).toBe("2023-02-28");
  });
});
