import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { TeamMember } from "~/features/team/team.schema";
import { startTestApi, type TestApi, type TestClient } from "../../../tests/support/test-app";

/*
 * POST /api/import/bookings with files in the shape of Fresha's, Booksy's and Square's appointment exports: the
 * dry run, clashes (with the shop's bookings and the file's own rows), unknown services and barbers, hours, the
 * notify choice and the audit entry.
 */

let api: TestApi;
let admin: TestClient;

beforeAll(async () => {
  api = await startTestApi();
  admin = await api.admin();
  const service = { description: "Done properly.", icon: "Scissors", category: "hair" };
  const fade = (await admin.post("/api/services", { ...service, title: "Skin Fade", price: 18.5, duration: 30 })).body;
  const beard = (await admin.post("/api/services", { ...service, title: "Beard Trim", price: 11.5, duration: 15 }))
    .body;
  const make = async (name: string, serviceIds: number[], days: number[]) => {
    const weeklyHours = days.map((day) => ({ day, ranges: [{ start: "09:00", end: "17:00" }] }));
    const answer = await admin.post("/api/team", { name, bio: "", image: null, serviceIds, weeklyHours, timeOff: [] });
    expect(answer.status, answer.text).toBe(201);
    return answer.body as TeamMember;
  };
  await make("Alex Morgan", [fade.id, beard.id], [2, 3, 4, 5, 6]);
  await make("Bea Jones", [fade.id], [1, 2, 3, 4, 5]);
}, 60_000);
afterAll(() => api.close());
beforeEach(async () => {
  await api.db.deleteFrom("jobs").execute();
  await api.db.deleteFrom("booking_services").execute();
  await api.db.deleteFrom("bookings").execute();
  await api.db.deleteFrom("booking_slots").execute();
  await api.db.deleteFrom("customers").execute();
  await api.db.deleteFrom("audit_log").execute();
});

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, "fixtures", name));

function postImport(name: string, fields: Record<string, string> = {}, client = admin) {
  const form = new FormData();
  form.append("file", new File([new Uint8Array(fixture(name))], name, { type: "text/csv" }));
  for (const [field, value] of Object.entries(fields)) form.append(field, value);
  return client.request("POST", "/api/import/bookings", { body: form });
}

const bookings = () =>
  api.db
    .selectFrom("bookings as b")
    .innerJoin("booking_slots as s", "s.id", "b.slot_id")
    .innerJoin("team_members as m", "m.id", "s.member_id")
    .select(["s.date", "s.start_time", "s.end_time", "m.name", "b.customer_name", "b.total_pence", "b.mail_status"])
    .orderBy("s.date")
    .orderBy("s.start_time")
    .execute();

const FRESHA_SKIPS = [
  { row: 4, reason: "Clashes with another booking of Alex Morgan at that time" },
  { row: 5, reason: 'Unknown service "Hot Towel Shave"' },
  { row: 6, reason: 'Unknown barber "Carl"' },
  { row: 7, reason: 'Not an appointment to keep: its status is "Cancelled"' },
  { row: 8, reason: "That time is outside Alex Morgan's working hours." },
];

describe("a dry run", () => {
  it("reads a Fresha export (BOM, CRLF, '+' between services, a first name for a barber) and saves nothing", async () => {
    const answer = await postImport("fresha-appointments.csv", { dryRun: "true" });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ rows: 8, booked: 3, notified: 0, dryRun: true });
    expect(answer.body.skip).toEqual(FRESHA_SKIPS);
    expect(answer.body.preview[0]).toMatchObject({
      row: 2,
      date: "2030-01-08",
      startTime: "10:00",
      services: ["Skin Fade", "Beard Trim"],
      barber: "Alex Morgan",
      name: "Jamal Ahmed",
      email: "jamal@example.com",
      notes: "Usual, no. 1 on the sides",
    });
    expect(answer.body.preview[1]).toMatchObject({ row: 3, barber: "Alex Morgan", name: "Owen Price" });
    expect(answer.body.columns).toContainEqual({ header: "Scheduled Date", field: "date" });
    expect(answer.body.columns).toContainEqual({ header: "Price", field: "ignore" });
    expect(await bookings()).toEqual([]);
    expect(await api.db.selectFrom("customers").selectAll().execute()).toEqual([]);
    expect(await api.db.selectFrom("audit_log").selectAll().execute()).toEqual([]);
  });

  it("is the admins' alone and refuses a mapping to no field", async () => {
    expect((await postImport("booksy-appointments.csv", { dryRun: "true" }, api.anonymous())).status).toBe(401);
    const bad = await postImport("booksy-appointments.csv", { mapping: '{"Phone": "fax"}' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("Each column must map to one of");
  });
});

describe("an import", () => {
  it("books the rows that fit, skips the others with their reason, mails nobody and is audited", async () => {
    // Priced as the owner's own booking is: the services and the shop's booking fee (£8 by default).
    const answer = await postImport("fresha-appointments.csv");
    expect(answer.body).toMatchObject({ rows: 8, booked: 3, notified: 0, dryRun: false, skip: FRESHA_SKIPS });
    expect(await bookings()).toEqual([
      expect.objectContaining({ start_time: "10:00", end_time: "10:45", name: "Alex Morgan", total_pence: 3800 }),
      expect.objectContaining({
        start_time: "10:45",
        end_time: "11:15",
        name: "Alex Morgan",
        customer_name: "Owen Price",
      }),
      expect.objectContaining({ start_time: "12:00", name: "Bea Jones", customer_name: "Dee Walsh" }),
    ]);
    expect((await bookings()).map((row) => row.mail_status)).toEqual([
      "not-configured",
      "not-configured",
      "not-configured",
    ]);
    expect(await api.db.selectFrom("jobs").selectAll().execute()).toEqual([]);
    const customers = await api.db.selectFrom("customers").select(["name", "phone"]).orderBy("name").execute();
    expect(customers).toEqual([
      { name: "Dee Walsh", phone: "" },
      { name: "Jamal Ahmed", phone: "+447700900123" },
      { name: "Owen Price", phone: "+447700900456" },
    ]);
    const entries = await api.db.selectFrom("audit_log").selectAll().execute();
    expect(entries).toEqual([
      expect.objectContaining({
        kind: "bookings",
        action: "import bookings",
        target_label: "fresha-appointments.csv: 8 rows, 3 booked, 5 skipped, 0 mailed",
      }),
    ]);
  });

  it("reads Booksy's semicolons and Windows-1252, and the same file again clashes with what it booked", async () => {
    const first = await postImport("booksy-appointments.csv");
    expect(first.body).toMatchObject({ rows: 2, booked: 2, skip: [] });
    expect(first.body.preview[0]).toMatchObject({ name: "Zoë Brontë", notes: "Paid £5 deposit" });
    const again = await postImport("booksy-appointments.csv");
    expect(again.body).toMatchObject({ booked: 0 });
    expect(again.body.skip.map((skip: { row: number }) => skip.row)).toEqual([2, 3]);
    expect(await bookings()).toHaveLength(2);
  });

  it("with notify=true mails each customer with an address their confirmation, through the job queue", async () => {
    const answer = await postImport("square-appointments.csv", { notify: "true" });
    expect(answer.body).toMatchObject({ rows: 3, booked: 1, notified: 1 });
    expect(answer.body.skip).toEqual([
      { row: 3, reason: "Neither a valid e-mail nor a valid UK phone for the client" },
      { row: 4, reason: "That day has passed. Please choose today or a later day." },
    ]);
    expect(answer.body.preview[0]).toMatchObject({
      startTime: "14:30",
      services: ["Skin Fade", "Beard Trim"],
      notes: "Beard trim only.\nAllergic to some oils, ask first",
    });
    const jobs = await api.db.selectFrom("jobs").select(["kind", "payload"]).orderBy("id").execute();
    const mails = jobs.map((job) => [job.kind, JSON.parse(job.payload).mail ?? null]);
    expect(mails).toContainEqual(["booking-mail", "confirmation"]);
    expect(mails).not.toContainEqual(["booking-mail", "shop-notice"]);
    expect((await bookings())[0]!.mail_status).toBe("pending");
  });
});
