import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest, type Db } from "~/db/client.server";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-app";
import { customerIdOfKey } from "~/features/customer-identity/customer-rows.server";
import { getCustomer } from "./customers.server";

/*
 * Migration 020 on a copy of a shop's database of the release before it (migration 018): a few hundred bookings
 * of online customers writing their address in several cases and their phone in several ways, walk-ins by phone
 * (some with an online customer's number), walk-ins with only a name, unnamed ones, erased bookings, waitlist
 * entries and the owner's notes under the record keys of decision 036. Then every booking and entry must point
 * to the right customer, each customer be made once, and the record URLs of before must find them.
 */

let test: TestDatabase;
let db: Db;

const ONLINE = 60;
const PHONE_WALK_INS = 20;
const NAMED_WALK_INS = 10;

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % below;
  };
}
const pick = random(20_261_127);

const national = (n: number) => `07700900${String(n).padStart(3, "0")}`;
/** One UK phone written the ways people write it. */
const PHONE_WRITINGS = [
  (n: string) => n,
  (n: string) => `${n.slice(0, 5)} ${n.slice(5)}`,
  (n: string) => `+44${n.slice(1)}`,
  (n: string) => `+44 ${n.slice(1, 5)} ${n.slice(5)}`,
  (n: string) => `(${n.slice(0, 5)}) ${n.slice(5, 8)}-${n.slice(8)}`,
  (n: string) => `0044${n.slice(1)}`,
  (n: string) => `+44 (0)${n.slice(1, 5)} ${n.slice(5)}`,
];
const written = (n: string) => PHONE_WRITINGS[pick(PHONE_WRITINGS.length)]!(n);
const e164 = (n: string) => `+44${n.slice(1)}`;
const CASES = [
  (email: string) => email,
  (email: string) => email.toUpperCase(),
  (email: string) => email[0]!.toUpperCase() + email.slice(1),
  (email: string) => email.replace("@example.com", "@Example.COM"),
];

let bookingCount = 0;
const references: string[] = [];

async function booking(values: {
  name: string;
  email?: string;
  phone?: string;
  smsConsent?: boolean;
  erased?: boolean;
}) {
  bookingCount += 1;
  const n = bookingCount;
  const date = `2026-${String(1 + (n % 12)).padStart(2, "0")}-${String(1 + (n % 28)).padStart(2, "0")}`;
  const startTime = `${String(8 + (n % 10)).padStart(2, "0")}:00`;
  const { id: slotId } = await db
    .insertInto("booking_slots")
    .values({
      date,
      start_time: startTime,
      end_time: `${String(8 + (n % 10)).padStart(2, "0")}:30`,
      status: "booked",
      member_id: null,
      created_at: "2026-01-01T09:00:00.000Z",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const reference = `OB-${String(n).padStart(8, "0")}`;
  references.push(reference);
  // Booked in the order written: created_at grows with n.
  const createdAt = new Date(Date.UTC(2025, 0, 1) + n * 3_600_000).toISOString();
  const { id } = await db
    .insertInto("bookings")
    .values({
      slot_id: slotId,
      reference,
      manage_token_hash: `hash-${n}`,
      customer_name: values.name,
      customer_email: values.email ?? "",
      customer_phone: values.phone ?? "",
      notes: "",
      total_pence: 2000,
      duration_minutes: 30,
      status: "confirmed",
      mail_status: "sent",
      sms_consent: values.smsConsent ? 1 : 0,
      created_at: createdAt,
      erased_at: values.erased ? createdAt : null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id, reference, createdAt };
}

/** What each booking should point to once migrated: a customer named by its address, phone or own reference. */
const expectedOwner = new Map<number, string | null>();
const consentOf = new Map<string, string>();

beforeAll(async () => {
  test = await createTestDatabase({ onDisk: true, migratedTo: "018-waitlist-claimed-booking" });
  db = test.db;

  // Online customers: 1–6 bookings each, the address in any case, the phone written any way (the third in five
  // change their number later: the first one given stays theirs).
  for (let i = 0; i < ONLINE; i += 1) {
    const email = `person${i}@example.com`;
    const visits = 1 + pick(6);
    for (let visit = 0; visit < visits; visit += 1) {
      const phone = i % 5 === 2 && visit > 0 ? national(500 + i) : national(i);
      const smsConsent = i % 7 === 0 && visit === visits - 1;
      const made = await booking({
        name: `Person ${i}`,
        email: CASES[pick(CASES.length)]!(email),
        phone: written(phone),
        smsConsent,
      });
      expectedOwner.set(made.id, `email:${email}`);
      if (smsConsent) consentOf.set(email, made.reference);
    }
  }
  // Walk-ins by phone: a customer per number (written any way); five give an online customer's number and join them.
  for (let i = 0; i < PHONE_WALK_INS; i += 1) {
    for (let visit = 0; visit <= pick(3); visit += 1) {
      const made = await booking({ name: `Walker ${i}`, phone: written(national(200 + i)) });
      expectedOwner.set(made.id, `phone:${e164(national(200 + i))}`);
    }
  }
  for (const i of [1, 3, 5, 7, 9]) {
    const made = await booking({ name: `Person ${i} in person`, phone: written(national(i)) });
    expectedOwner.set(made.id, `email:person${i}@example.com`);
  }
  // Walk-ins who gave only a name: one customer each. Unnamed walk-ins and erased bookings: nobody.
  for (let i = 0; i < NAMED_WALK_INS; i += 1) {
    const made = await booking({ name: `Named ${i}` });
    expectedOwner.set(made.id, `walk-in:${made.reference}`);
  }
  for (let i = 0; i < 10; i += 1) expectedOwner.set((await booking({ name: "Walk-in" })).id, null);
  for (let i = 0; i < 5; i += 1) {
    expectedOwner.set((await booking({ name: "[erased]", erased: true })).id, null);
  }

  // Waitlist entries: an online customer's (another case), and two people known only from the waitlist.
  for (const [email, name] of [
    ["PERSON4@example.com", "Person 4"],
    ["waiting.only@example.com", "Wendy Wait"],
    ["Waiting.Only@example.com", "Wendy Wait"],
    ["second.waiter@example.com", "Sid Wait"],
  ] as const) {
    await db
      .insertInto("waitlist_entries")
      .values({
        date: "2026-12-01",
        customer_name: name,
        customer_email: email,
        customer_key: email.toLowerCase(),
        customer_phone: "07700 900999",
        sms_consent: 0,
        status: "expired",
        created_at: "2026-06-01T10:00:00.000Z",
      })
      .execute();
  }

  // The owner's notes under decision 036's keys.
  const walkInWithNotes = [...expectedOwner].find(([, owner]) => owner?.startsWith("walk-in:"))![1]!;
  for (const [key, notes] of [
    ["person2@example.com", "Number 2 on the sides"],
    [`phone:${national(203)}`, "Walks in on Fridays"],
    [`phone:${national(3)}`, "Also walks in"],
    [walkInWithNotes, "Paid cash"],
    ["messages.only@example.com", "Wrote about parking"],
  ]) {
    await sql`insert into customer_notes (email, notes, updated_at) values (${key}, ${notes}, '2026-06-01T10:00:00.000Z')`.execute(
      db,
    );
  }

  await migrateToLatest(db);
}, 120_000);
afterAll(() => test.close());

const customers = () => db.selectFrom("customers").selectAll().orderBy("id").execute();

describe("migration 020 on a database of the release before", () => {
  it("held a few hundred bookings of mixed addresses, phones and walk-ins", () => {
    expect(bookingCount).toBeGreaterThan(200);
  });

  it("makes one customer per address (any case), else per phone (any writing), else per named walk-in", async () => {
    const rows = await customers();
    const withEmail = rows.filter((row) => row.email_key !== null);
    // The online customers, the two known only from the waitlist, and the one known only from the owner's notes.
    expect(withEmail).toHaveLength(ONLINE + 3);
    expect(new Set(withEmail.map((row) => row.email_key)).size).toBe(withEmail.length);
    for (const row of withEmail) expect(row.email_key).toBe(row.email_key!.toLowerCase());
    const byPhone = rows.filter((row) => row.email_key === null && row.phone !== "");
    expect(byPhone).toHaveLength(PHONE_WALK_INS);
    expect(new Set(byPhone.map((row) => row.phone)).size).toBe(PHONE_WALK_INS);
    expect(rows.filter((row) => row.email_key === null && row.phone === "")).toHaveLength(NAMED_WALK_INS);
    expect(rows).toHaveLength(ONLINE + 3 + PHONE_WALK_INS + NAMED_WALK_INS);
    for (const row of rows.filter((customer) => customer.phone)) expect(row.phone).toMatch(/^\+447700900\d{3}$/);
  });

  it("points every booking to its customer: by address, by phone (an online customer's number joins them), or its own", async () => {
    const rows = await customers();
    const idOf = (owner: string) => {
      const [kind, value] = [owner.slice(0, owner.indexOf(":")), owner.slice(owner.indexOf(":") + 1)];
      if (kind === "email") return rows.find((row) => row.email_key === value)?.id;
      if (kind === "phone") return rows.find((row) => row.email_key === null && row.phone === value)?.id;
      return undefined;
    };
    const bookings = await db.selectFrom("bookings").select(["id", "reference", "customer_id"]).execute();
    expect(bookings).toHaveLength(bookingCount);
    const walkInCustomers = new Set<number>();
    for (const row of bookings) {
      const owner = expectedOwner.get(row.id)!;
      if (owner === null) expect(row.customer_id, row.reference).toBeNull();
      else if (owner.startsWith("walk-in:")) {
        expect(row.customer_id).not.toBeNull();
        walkInCustomers.add(row.customer_id!);
      } else expect(row.customer_id, `${row.reference} of ${owner}`).toBe(idOf(owner));
    }
    expect(walkInCustomers.size).toBe(NAMED_WALK_INS);
  });

  it("keeps each customer's latest name, first phone, first and last contact, and the text consent with its booking", async () => {
    const rows = await customers();
    const changed = rows.find((row) => row.email_key === "person2@example.com")!;
    expect(changed).toMatchObject({ name: "Person 2", phone: e164(national(2)), email: "person2@example.com" });
    const joined = rows.find((row) => row.email_key === "person3@example.com")!;
    // The walk-in on person 3's phone came last: they were last seen then.
    const lastWalkIn = await db
      .selectFrom("bookings")
      .select("created_at")
      .where("customer_name", "=", "Person 3 in person")
      .executeTakeFirstOrThrow();
    expect(joined.last_seen_at).toBe(lastWalkIn.created_at);
    expect(joined.created_at < joined.last_seen_at).toBe(true);
    for (const [email, reference] of consentOf) {
      expect(rows.find((row) => row.email_key === email)).toMatchObject({
        text_consent_source: `booking ${reference}`,
      });
    }
    expect(rows.filter((row) => row.text_consent_at !== null)).toHaveLength(consentOf.size);
  });

  it("links the waitlist entries to the same customers", async () => {
    const rows = await customers();
    const entries = await db.selectFrom("waitlist_entries").select(["customer_email", "customer_id"]).execute();
    for (const entry of entries) {
      expect(entry.customer_id).toBe(rows.find((row) => row.email_key === entry.customer_email.toLowerCase())?.id);
    }
    expect(rows.find((row) => row.email_key === "waiting.only@example.com")).toMatchObject({ name: "Wendy Wait" });
  });

  it("moves the owner's notes onto the customers, and the old notes table goes", async () => {
    const rows = await customers();
    const notesOf = (id: number | undefined) => rows.find((row) => row.id === id)?.notes;
    expect(notesOf(await customerIdOfKey(db, "Person2@Example.com"))).toBe("Number 2 on the sides");
    expect(notesOf(await customerIdOfKey(db, `phone:${national(203)}`))).toBe("Walks in on Fridays");
    // The phone of an online customer's walk-ins was their record's: those notes are the customer's now.
    expect(notesOf(await customerIdOfKey(db, "person3@example.com"))).toBe("Also walks in");
    expect(rows.find((row) => row.email_key === "messages.only@example.com")?.notes).toBe("Wrote about parking");
    expect(rows.filter((row) => row.notes !== "")).toHaveLength(5);
    const tables = await db.introspection.getTables();
    expect(tables.map((table) => table.name)).not.toContain("customer_notes");
  });

  it("keeps the record URLs of before: an address in any case, a phone key, a walk-in key", async () => {
    const person = await getCustomer(db, "PERSON7@example.com");
    expect(person).toMatchObject({ email: "person7@example.com", name: "Person 7" });
    expect(person.history.length).toBeGreaterThan(0);
    expect((await getCustomer(db, String(person.id))).history).toEqual(person.history);
    const walker = await getCustomer(db, `phone:${national(210)}`);
    expect(walker).toMatchObject({ name: "Walker 10", phone: e164(national(210)), email: "" });
    const named = [...expectedOwner].find(([, owner]) => owner?.startsWith("walk-in:"))![1]!;
    expect(await getCustomer(db, named)).toMatchObject({ bookings: 1, name: "Named 0" });
    expect(await customerIdOfKey(db, "nobody@example.com")).toBeUndefined();
  });

  it("refuses a second customer for an address in another case, on either engine", async () => {
    const now = new Date().toISOString();
    await expect(
      db
        .insertInto("customers")
        .values({
          name: "Twin",
          email: "PERSON1@example.com",
          email_key: "person1@example.com",
          phone: "",
          created_at: now,
          last_seen_at: now,
        })
        .execute(),
    ).rejects.toThrow();
  });
});
