import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listCustomers } from "~/features/customers/customers.server";
import { startTestApi, type TestApi, type TestClient } from "../../../tests/support/test-app";

/*
 * /admin/import without JavaScript: the file is uploaded once and checked, a column's mapping changed and checked
 * again, then imported, each step a plain post to the page's action; the file waits server-side under the id a
 * hidden field carries.
 */

let api: TestApi;
let admin: TestClient;

beforeAll(async () => {
  api = await startTestApi({ pages: true });
  admin = await api.admin();
}, 120_000);
afterAll(() => api.close());

const BOOKSY = "booksy-clients.csv";
const post = (body: FormData | URLSearchParams) =>
  admin.request("POST", "/admin/import", { body, headers: { origin: api.baseUrl, accept: "text/html" } });

const uploadIdIn = (html: string) => /name="uploadId" value="([a-f0-9]{32})"/.exec(html)?.[1];

describe("/admin/import without JavaScript", () => {
  it("checks an uploaded file, checks it again with a column remapped, imports it and cannot import it twice", async () => {
    const upload = new FormData();
    upload.append("intent", "upload");
    const bytes = fs.readFileSync(path.join(import.meta.dirname, "fixtures", BOOKSY));
    upload.append("file", new File([new Uint8Array(bytes)], BOOKSY, { type: "text/csv" }));
    const checked = await post(upload);
    expect(checked.status, checked.text).toBe(200);
    expect(checked.text).toContain("3 rows: 1 new customer, 0 merged");
    expect(checked.text).toContain("Row 3: Neither a valid e-mail nor a valid phone");
    const uploadId = uploadIdIn(checked.text);
    expect(uploadId).toBeDefined();
    // The address never carries the upload.
    expect(checked.text).not.toContain(`import?${uploadId}`);

    const mapping = {
      "mapping:First name": "firstName",
      "mapping:Last name": "lastName",
      "mapping:Email": "email",
      "mapping:Contact number": "phone",
      "mapping:Date of birth": "ignore",
      "mapping:Notes": "notes",
      "mapping:Marketing consent": "marketingConsent",
    };
    const remapped = await post(new URLSearchParams({ intent: "check", uploadId: uploadId!, ...mapping }));
    expect(remapped.status, remapped.text).toBe(200);
    expect(remapped.text).toContain("3 rows: 2 new customers, 0 merged");
    expect(remapped.text).toContain("+447700900654");
    expect(await listCustomers(api.db)).toEqual([]);

    const imported = await post(new URLSearchParams({ intent: "import", uploadId: uploadId!, ...mapping }));
    expect(imported.status, imported.text).toBe(303);
    expect(imported.headers.get("location")).toBe("/admin/import?saved=imported&created=2&merged=0&skipped=1");
    expect((await listCustomers(api.db)).map((customer) => customer.name).toSorted()).toEqual([
      "René Dupont",
      "Zoë Brontë",
    ]);
    const page = await admin.get("/admin/import?saved=imported&created=2&merged=0&skipped=1");
    expect(page.text).toContain("Clients imported: 2 new, 0 merged");

    const again = await post(new URLSearchParams({ intent: "import", uploadId: uploadId!, ...mapping }));
    expect(again.status).toBe(400);
    expect(again.text).toContain("That upload has expired or was already imported");
  }, 120_000);

  it("is linked from the customers screen", async () => {
    expect((await admin.get("/admin/customers")).text).toContain('href="/admin/import"');
  }, 60_000);

  it("checks an appointments file, saying which rows would be skipped and why", async () => {
    const form = new FormData();
    form.append("intent", "appointments-check");
    const name = "booksy-appointments.csv";
    const bytes = fs.readFileSync(path.join(import.meta.dirname, "fixtures", name));
    form.append("file", new File([new Uint8Array(bytes)], name, { type: "text/csv" }));
    const checked = await post(form);
    expect(checked.status, checked.text).toBe(200);
    // This shop has neither these services nor this team: nothing to book them with.
    expect(checked.text).toContain("2 rows: 0 appointments would be booked, 2 rows skipped.");
    expect(checked.text).toMatch(/Row 2: Unknown (service|barber)/);
  });

  it("checks an appointments file whose start column is not detected, checks it again mapped by the owner and imports it", async () => {
    const service = { description: "Done properly.", icon: "Scissors", category: "hair" };
    const fade = await admin.post("/api/services", { ...service, title: "Pages Fade", price: 18.5, duration: 30 });
    expect(fade.status, fade.text).toBe(201);
    const weekdays = [1, 2, 3, 4, 5].map((day) => ({ day, ranges: [{ start: "09:00", end: "17:00" }] }));
    const barber = { bio: "", image: null, serviceIds: [fade.body.id], weeklyHours: weekdays, timeOff: [] };
    const made = await admin.post("/api/team", { ...barber, name: "Pat Pages" });
    expect(made.status, made.text).toBe(201);
    const csv = [
      "Date,Begins,Service,Barber,Client name,Email",
      "2030-01-09,10:00,Pages Fade,Pat Pages,Ann Pages,ann@example.com",
      "2030-01-09,11:00,Pages Fade,Pat Pages,Bob Pages,bob@example.com",
    ].join("\n");
    const form = new FormData();
    form.append("intent", "appointments-check");
    form.append("file", new File([csv], "diary.csv", { type: "text/csv" }));
    const checked = await post(form);
    expect(checked.status, checked.text).toBe(200);
    expect(checked.text).toContain("2 rows: 0 appointments would be booked, 2 rows skipped.");
    // The detected mapping, each column a select the owner can change: "Begins" is left out.
    expect(checked.text).toMatch(
      /<select[^>]*name="mapping:Begins"[^>]*>(?:(?!<\/select>).)*value="ignore" selected=""/s,
    );
    const uploadId = uploadIdIn(checked.text);
    expect(uploadId).toBeDefined();

    const mapping = {
      "mapping:Date": "date",
      "mapping:Begins": "startTime",
      "mapping:Service": "services",
      "mapping:Barber": "barber",
      "mapping:Client name": "name",
      "mapping:Email": "email",
    };
    const remapped = await post(new URLSearchParams({ intent: "appointments-check", uploadId: uploadId!, ...mapping }));
    expect(remapped.status, remapped.text).toBe(200);
    expect(remapped.text).toContain("2 rows: 2 appointments would be booked, 0 rows skipped.");
    expect(remapped.text).toContain("Bob Pages");
    expect(await api.db.selectFrom("bookings").select("id").execute()).toEqual([]);

    const imported = await post(
      new URLSearchParams({ intent: "appointments-import", uploadId: uploadId!, ...mapping }),
    );
    expect(imported.status, imported.text).toBe(200);
    expect(imported.text).toContain("2 rows: 2 appointments booked, 0 rows skipped, 0 customers mailed.");
    const booked = await api.db
      .selectFrom("bookings as b")
      .innerJoin("booking_slots as s", "s.id", "b.slot_id")
      .select(["s.date", "s.start_time", "b.customer_name"])
      .orderBy("s.start_time")
      .execute();
    expect(booked).toEqual([
      { date: "2030-01-09", start_time: "10:00", customer_name: "Ann Pages" },
      { date: "2030-01-09", start_time: "11:00", customer_name: "Bob Pages" },
    ]);
    const again = await post(new URLSearchParams({ intent: "appointments-import", uploadId: uploadId!, ...mapping }));
    expect(again.status).toBe(400);
  }, 120_000);
});
