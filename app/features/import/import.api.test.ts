import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { customerIdFor } from "~/features/customer-identity/customer-rows.server";
import { getCustomer, listCustomers } from "~/features/customers/customers.server";
import { shopToday } from "~/lib/shop-time";
import { startTestApi, type TestApi, type TestClient } from "../../../tests/support/test-app";
import { FILE_TOO_LARGE } from "./import.schema";

/*
 * POST /api/import/customers with files in the shape of Fresha's, Booksy's and Square's client exports and a
 * spreadsheet's: the dry run, the merge rules, the consent rule, skipped rows and the one-transaction failure.
 */

let api: TestApi;
let admin: TestClient;

beforeAll(async () => {
  api = await startTestApi();
  admin = await api.admin();
}, 60_000);
afterAll(() => api.close());
beforeEach(async () => {
  await api.db.deleteFrom("customers").execute();
  await api.db.deleteFrom("audit_log").execute();
});

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, "fixtures", name));

function importForm(file: { name: string; bytes: Uint8Array }, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.append("file", new File([new Uint8Array(file.bytes)], file.name, { type: "text/csv" }));
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

const postImport = (client: TestClient, name: string, fields: Record<string, string> = {}, bytes = fixture(name)) =>
  client.request("POST", "/api/import/customers", { body: importForm({ name, bytes }, fields) });

const customerCount = async () =>
  Number(
    (
      await api.db
        .selectFrom("customers")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

const importEntries = () =>
  api.db.selectFrom("audit_log").selectAll().where("action", "=", "import customers").execute();

describe("a dry run", () => {
  it("reads a Fresha export (BOM, CRLF, quoted commas, a mobile written five ways) and saves nothing", async () => {
    const answer = await postImport(admin, "fresha-clients.csv", { dryRun: "true" });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({
      rows: 8,
      create: 3,
      merge: 3,
      skip: [
        { row: 7, reason: "Neither a valid e-mail nor a valid phone: no e-mail address and no phone number" },
        {
          row: 9,
          reason:
            'Neither a valid e-mail nor a valid phone: the e-mail address "sam.lee@" is not valid and the phone number "12345" is not a valid UK number',
        },
      ],
      dryRun: true,
    });
    expect(answer.body.columns).toContainEqual({ header: "Date of Birth", field: "ignore" });
    expect(answer.body.columns).toContainEqual({ header: "Mobile Number", field: "phone" });
    expect(answer.body.columns).toContainEqual({ header: "Accepts Marketing", field: "marketingConsent" });
    expect(answer.body.preview[0]).toEqual({
      row: 2,
      action: "create",
      name: "Jamal Ahmed",
      email: "jamal@example.com",
      phone: "+447700900123",
      notes: "Likes a skin fade, no. 1 on the sides",
      marketingConsent: true,
    });
    expect(answer.body.preview.map((row: { phone: string; action: string }) => [row.phone, row.action])).toEqual([
      ["+447700900123", "create"],
      ["+447700900123", "merge"],
      ["+447700900456", "create"],
      ["+447700900456", "merge"],
      ["+447700900456", "merge"],
      ["+447700900789", "create"],
    ]);
    expect(await customerCount()).toBe(0);
    expect(await importEntries()).toEqual([]);
  });

  it("reads a Booksy export (Windows-1252, semicolons) with a column the owner maps (Booksy's own header)", async () => {
    const detected = await postImport(admin, "booksy-clients.csv", { dryRun: "true" });
    expect(detected.body).toMatchObject({ rows: 3, create: 1, merge: 0 });
    expect(detected.body.columns).toContainEqual({ header: "Contact number", field: "ignore" });

    const mapped = await postImport(admin, "booksy-clients.csv", {
      dryRun: "true",
      mapping: '{"Contact number": "phone"}',
    });
    expect(mapped.body).toMatchObject({ rows: 3, create: 2, merge: 0, skip: [{ row: 4 }] });
    expect(mapped.body.preview[0]).toMatchObject({
      name: "Zoë Brontë",
      phone: "+447700900321",
      notes: "Paid £5 deposit; prefers Saturdays",
      marketingConsent: true,
    });
  });

  it("refuses a mapping that names no column or no field, and a file too large or too long", async () => {
    const noColumn = await postImport(admin, "booksy-clients.csv", { mapping: '{"Mobile": "phone"}' });
    expect(noColumn.status).toBe(400);
    expect(noColumn.body.message).toBe('The file has no column "Mobile" to map');
    const noField = await postImport(admin, "booksy-clients.csv", { mapping: '{"Contact number": "fax"}' });
    expect(noField.status).toBe(400);
    expect(noField.body.message).toContain("Each column must map to one of");

    const long = `Email\n${Array.from({ length: 50_001 }, (_, i) => `c${i}@example.com`).join("\n")}\n`;
    const tooLong = await postImport(admin, "long.csv", {}, Buffer.from(long));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe("The file has more than 50,000 rows: split it and import each part.");

    const tooLarge = await postImport(admin, "large.csv", {}, Buffer.alloc(10 * 1024 * 1024 + 1, "a"));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.message).toBe(FILE_TOO_LARGE);
    expect(await customerCount()).toBe(0);
  }, 30_000);

  it("is the admins' alone", async () => {
    expect((await postImport(api.anonymous(), "fresha-clients.csv", { dryRun: "true" })).status).toBe(401);
    expect((await postImport(await api.visitor(), "fresha-clients.csv", { dryRun: "true" })).status).toBe(403);
  });
});

describe("an import", () => {
  it("makes each person once, merges into customers known by e-mail, else by phone, and records the consent plainly given", async () => {
    const now = new Date();
    const known = await customerIdFor(
      api.db,
      { customerName: "Jay Ahmed", customerEmail: "Jamal@example.com", customerPhone: "" },
      "OB-TEST0001",
      now,
    );
    await api.db.updateTable("customers").set({ notes: "Owner's own note" }).where("id", "=", known!).execute();

    const answer = await postImport(admin, "fresha-clients.csv");
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ rows: 8, create: 2, merge: 4, dryRun: false });
    expect(answer.body.skip).toHaveLength(2);

    const customers = await listCustomers(api.db);
    expect(customers.map((customer) => [customer.name, customer.email, customer.phone]).toSorted()).toEqual([
      ["Jamal Ahmed", "jamal@example.com", "+447700900123"],
      ["Owen Price", "", "+447700900456"],
      ["Priya Shah", "", "+447700900789"],
    ]);
    const jamal = await getCustomer(api.db, String(known));
    expect(jamal.notes).toBe('Owner\'s own note\n\nLikes a skin fade, no. 1 on the sides\n\nSays "same as last time"');
    expect(jamal.marketingConsent).toEqual({
      at: expect.any(String),
      source: `imported from fresha-clients.csv on ${shopToday()}`,
    });
    // "Y" is not plain enough: Owen gave no consent; Priya's "1" is.
    const owen = customers.find((customer) => customer.name === "Owen Price")!;
    expect((await getCustomer(api.db, String(owen.id))).marketingConsent).toBeNull();
    const priya = customers.find((customer) => customer.name === "Priya Shah")!;
    expect((await getCustomer(api.db, String(priya.id))).marketingConsent).not.toBeNull();
    // Nothing is sent by an import.
    expect(await api.db.selectFrom("jobs").selectAll().execute()).toEqual([]);

    // The same file again changes nothing more: everyone merges, notes are not added twice.
    const again = await postImport(admin, "fresha-clients.csv");
    expect(again.body).toMatchObject({ create: 0, merge: 6 });
    expect(await customerCount()).toBe(3);
    expect((await getCustomer(api.db, String(known))).notes).toBe(jamal.notes);
  });

  it("merges a Square export's two rows of one person, the memo's line break kept", async () => {
    const answer = await postImport(admin, "square-customers.csv");
    expect(answer.body).toMatchObject({ rows: 2, create: 1, merge: 1, skip: [] });
    // The second row has no address and a phone the first gave: one customer, as the booking paths would find them.
    const [tom] = await listCustomers(api.db);
    expect(tom).toMatchObject({ name: "Tom Hughes", email: "tom@example.com", phone: "+447700900987" });
    expect((await getCustomer(api.db, String(tom!.id))).notes).toBe(
      "Beard trim only.\nAllergic to some oils, ask first",
    );
    // "subscribed" is Square's word, not a plain yes: no consent is assumed.
    expect((await getCustomer(api.db, String(tom!.id))).marketingConsent).toBeNull();
  });

  it("reads a spreadsheet's single name column and is in the audit log by its file's name and counts only", async () => {
    const answer = await postImport(admin, "spreadsheet-clients.csv");
    expect(answer.body).toMatchObject({ rows: 2, create: 2, merge: 0 });
    expect((await listCustomers(api.db)).map((customer) => customer.name).toSorted()).toEqual(["Dee", "O'Neil, Sean"]);
    const [entry] = await importEntries();
    expect(entry).toMatchObject({
      actor_name: "owner",
      kind: "customers",
      target_label: "spreadsheet-clients.csv: 2 rows, 2 new, 0 merged, 0 skipped",
    });
    expect(await api.db.selectFrom("audit_log").selectAll().execute()).toHaveLength(1);
  });

  it("finds people across the chunks a long file is read in: known customers and rows hundreds of lines earlier", async () => {
    const now = new Date();
    const byPhone = await customerIdFor(
      api.db,
      { customerName: "", customerEmail: "", customerPhone: "07700 900999" },
      "walk-in",
      now,
    );
    const lines = ["Name,Email,Mobile"];
    for (let i = 0; i < 1_200; i++) lines.push(`Client ${i},client${i}@example.com,`);
    // Rows far past the first chunk: the first row's person again (any case), and the known walk-in by phone.
    lines.push("Client Zero,CLIENT0@example.com,07700 900111", "Walk In Later,,+44 7700 900999");
    const answer = await postImport(admin, "long.csv", {}, Buffer.from(lines.join("\n")));
    expect(answer.body).toMatchObject({ rows: 1_202, create: 1_200, merge: 2, skip: [] });
    expect(await customerCount()).toBe(1_201);
    const walkIn = await getCustomer(api.db, String(byPhone));
    expect(walkIn).toMatchObject({ name: "Walk In Later", phone: "+447700900999" });
    const zero = (await listCustomers(api.db, { q: "client0@example.com" }))[0]!;
    expect(zero).toMatchObject({ name: "Client Zero", phone: "+447700900111" });
  }, 30_000);

  it("saves nothing when any part fails: here the audit log cannot be written", async () => {
    await sql`alter table audit_log rename to audit_log_away`.execute(api.db);
    try {
      const answer = await postImport(admin, "fresha-clients.csv");
      expect(answer.status).toBe(500);
    } finally {
      await sql`alter table audit_log_away rename to audit_log`.execute(api.db);
    }
    expect(await customerCount()).toBe(0);
  });
});
