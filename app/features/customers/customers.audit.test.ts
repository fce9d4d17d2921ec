import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, shopToday } from "~/lib/shop-time";
import { addService, bookAppointment } from "../../../tests/support/bookings";
import { startTestApi, type TestApi, type TestClient } from "../../../tests/support/test-app";
import { customerFingerprint } from "~/features/customer-identity/customer-fingerprint.server";

/*
 * Looking at customers' personal data is in the audit log, through the API and the admin pages alike,
 * and nothing is done or shown that the log cannot record (issue 19, finding 7).
 */

const EMAIL = "rita.reader@example.test";
const today = shopToday();

let api: TestApi;
let admin: TestClient;
let fingerprint: string;

beforeAll(async () => {
  api = await startTestApi({ pages: true });
  admin = await api.admin();
  const serviceId = await addService(api.db);
  await bookAppointment(api.db, {
    date: addDays(today, -4),
    email: EMAIL,
    name: "Rita Reader",
    serviceIds: [serviceId],
  });
  fingerprint = customerFingerprint(api.ctx.config, EMAIL);
}, 60_000);
afterAll(() => api.close());

const enc = encodeURIComponent;

/** The entries written while `calls` ran, as [kind, action, target]. */
async function loggedDuring(calls: () => Promise<void>) {
  const before = await api.db.selectFrom("audit_log").select("id").orderBy("id", "desc").executeTakeFirst();
  await calls();
  const rows = await api.db
    .selectFrom("audit_log")
    .selectAll()
    .where("id", ">", before?.id ?? 0)
    .orderBy("id")
    .execute();
  return rows.map((row) => [row.kind, row.action, row.target_id]);
}

describe("reads of customers' personal data", () => {
  it("are recorded through the API: a record, the lists, the inbox; the public slot list is not", async () => {
    const entries = await loggedDuring(async () => {
      expect((await admin.get(`/api/customers/${enc(EMAIL)}`)).status).toBe(200);
      expect((await admin.get("/api/customers")).status).toBe(200);
      expect((await admin.get(`/api/booking-slots?admin=true&from=${addDays(today, -4)}`)).status).toBe(200);
      expect((await admin.get("/api/contact/submissions")).status).toBe(200);
      expect((await admin.get("/api/booking-slots")).status).toBe(200);
      // Refused: nothing was shown, so nothing is recorded.
      expect((await admin.get(`/api/customers/${enc("nobody@example.test")}`)).status).toBe(404);
      expect((await api.anonymous().get(`/api/customers/${enc(EMAIL)}`)).status).toBe(401);
    });
    expect(entries).toEqual([
      ["customers", "view customer", fingerprint],
      ["customers", "view customer list", null],
      ["booking-slots", "view booking list", null],
      ["contact", "view contact messages", null],
    ]);
  });

  it("are recorded from the admin pages, by the customer's fingerprint and never the address", async () => {
    // Decision 041: the page is the customer's number; the address's URL of before still leads there.
    const { id } = await api.db
      .selectFrom("customers")
      .select("id")
      .where("email_key", "=", EMAIL)
      .executeTakeFirstOrThrow();
    const old = await admin.get(`/admin/customers/${enc(EMAIL)}`);
    expect(old.status).toBe(302);
    expect(old.headers.get("location")).toBe(`/admin/customers/${id}`);
    const entries = await loggedDuring(async () => {
      const page = await admin.get(`/admin/customers/${id}`);
      expect(page.status).toBe(200);
      expect(page.text).toContain("Rita Reader");
      expect((await admin.get("/admin/bookings")).status).toBe(200);
    });
    expect(entries).toEqual([
      ["customers", "view customer", fingerprint],
      ["bookings", "view booking list", null],
    ]);
    const stored = JSON.stringify(await api.db.selectFrom("audit_log").selectAll().execute()).toLowerCase();
    expect(stored).not.toContain("rita");
  });
});

describe("when the audit log cannot be written", () => {
  it("refuses the call with 503, so nothing is shown or done unrecorded", async () => {
    await sql`alter table audit_log rename to audit_log_away`.execute(api.db);
    try {
      const read = await admin.get(`/api/customers/${enc(EMAIL)}`);
      expect(read.status).toBe(503);
      expect(read.body).toEqual({
        message: "The audit log cannot be written just now, so nothing was done. Please try again in a moment.",
      });
      const page = await admin.get(`/admin/customers/${enc(EMAIL)}`);
      expect(page.status).toBe(503);
      expect(page.text).not.toContain("Rita");
      expect((await admin.get(`/api/customers/${enc(EMAIL)}/export`)).status).toBe(503);
      expect((await admin.delete(`/api/customers/${enc(EMAIL)}`)).status).toBe(503);
      const faq = await admin.post("/api/faqs", { question: "Unrecorded?", answer: "Never.", category: "General" });
      expect(faq.status).toBe(503);
    } finally {
      await sql`alter table audit_log_away rename to audit_log`.execute(api.db);
    }
    expect((await admin.get(`/api/customers/${enc(EMAIL)}`)).body.name).toBe("Rita Reader");
    expect(await api.db.selectFrom("faqs").select("id").where("question", "=", "Unrecorded?").execute()).toEqual([]);
  });
});
