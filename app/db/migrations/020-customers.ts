import { sql, type Generated, type Kysely } from "kysely";
import { e164Phone } from "../customer-phone";
import { isPostgres } from "../dialect";

/*
 * Customers as rows (issue 29, decision 041). Until now a customer was the bookings that shared an e-mail
 * (decision 036); from here each booking and waitlist entry points to its customer's row, which holds the
 * name, address, phone (E.164), the owner's notes and the consents. The unique lower-cased `email_key` makes
 * one row per address on both engines (NULL, for a customer without one, never collides); a customer
 * without an address is one row per phone (the partial unique index), so two writers racing for the same new
 * customer meet at an index rather than making two.
 *
 * The rows are made from today's bookings and waitlist entries: one per address, any case; without one, the
 * customer who already has the phone, else one per phone; a walk-in who gave only a name is a customer of
 * their own; an unnamed walk-in and an erased booking belong to nobody. The owner's notes (customer_notes,
 * keyed by the record's old key) move onto the rows, and that table goes.
 */

/** The tables as this migration reads and writes them (frozen here: later types may differ). */
interface Tables {
  bookings: {
    id: number;
    reference: string;
    customer_name: string;
    customer_email: string;
    customer_phone: string;
    sms_consent: number;
    created_at: string;
    erased_at: string | null;
    customer_id: number | null;
  };
  waitlist_entries: {
    id: number;
    customer_name: string;
    customer_email: string;
    customer_phone: string;
    sms_consent: number;
    created_at: string;
    customer_id: number | null;
  };
  customer_notes: { email: string; notes: string; updated_at: string };
  customers: {
    id: Generated<number>;
    name: string;
    email: string;
    email_key: string | null;
    phone: string;
    notes: string;
    text_consent_at: string | null;
    text_consent_source: string | null;
    created_at: string;
    last_seen_at: string;
  };
}

/** The name a walk-in gets when the owner gives none (customers.schema's WALK_IN_NAME, frozen here). */
const UNNAMED_WALK_IN = "Walk-in";
const CHUNK = 500;

interface Contact {
  kind: "booking" | "waitlist";
  id: number;
  reference: string | null;
  name: string;
  email: string;
  phone: string;
  smsConsent: boolean;
  createdAt: string;
}

interface Made {
  name: string;
  email: string;
  emailKey: string | null;
  phone: string;
  textConsentAt: string | null;
  textConsentSource: string | null;
  createdAt: string;
  lastSeenAt: string;
  notes: string;
  bookingIds: number[];
  entryIds: number[];
}

const sourceOf = (contact: Contact) =>
  contact.kind === "booking" ? `booking ${contact.reference ?? ""}`.trim() : "waitlist";

/** One customer from their contacts, oldest first: the latest name, the first address and phone given; the latest text consent. */
function customerOf(contacts: Contact[], emailKey: string | null): Made {
  const made: Made = {
    name: "",
    email: "",
    emailKey,
    phone: "",
    textConsentAt: null,
    textConsentSource: null,
    createdAt: contacts[0]!.createdAt,
    lastSeenAt: contacts[0]!.createdAt,
    notes: "",
    bookingIds: [],
    entryIds: [],
  };
  for (const contact of contacts) {
    // The latest name; the first phone given stays the customer's own, as at booking from now on (customer-rows.server.ts).
    made.name = (contact.name === UNNAMED_WALK_IN ? "" : contact.name) || made.name;
    made.email = made.email || contact.email.trim();
    made.phone = made.phone || e164Phone(contact.phone);
    made.lastSeenAt = contact.createdAt;
    if (contact.smsConsent) {
      made.textConsentAt = contact.createdAt;
      made.textConsentSource = sourceOf(contact);
    }
    (contact.kind === "booking" ? made.bookingIds : made.entryIds).push(contact.id);
  }
  return made;
}

async function contactsOf(db: Kysely<Tables>): Promise<Contact[]> {
  const bookings = await db
    .selectFrom("bookings")
    .select(["id", "reference", "customer_name", "customer_email", "customer_phone", "sms_consent", "created_at"])
    .where("erased_at", "is", null)
    .execute();
  const entries = await db
    .selectFrom("waitlist_entries")
    .select(["id", "customer_name", "customer_email", "customer_phone", "sms_consent", "created_at"])
    .execute();
  const contacts: Contact[] = [
    ...bookings.map((row) => ({
      kind: "booking" as const,
      id: row.id,
      reference: row.reference,
      name: row.customer_name,
      email: row.customer_email,
      phone: row.customer_phone,
      smsConsent: Number(row.sms_consent) === 1,
      createdAt: row.created_at,
    })),
    ...entries.map((row) => ({
      kind: "waitlist" as const,
      id: row.id,
      reference: null,
      name: row.customer_name,
      email: row.customer_email,
      phone: row.customer_phone,
      smsConsent: Number(row.sms_consent) === 1,
      createdAt: row.created_at,
    })),
  ];
  return contacts.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id);
}

/** Groups today's contacts into customers, and says which customer each old record key (notes') now is. */
function groupCustomers(contacts: Contact[]) {
  const byEmail = new Map<string, Contact[]>();
  const withoutEmail: Contact[] = [];
  for (const contact of contacts) {
    const key = contact.email.trim().toLowerCase();
    if (key) byEmail.set(key, [...(byEmail.get(key) ?? []), contact]);
    else withoutEmail.push(contact);
  }
  const customers: Made[] = [...byEmail].map(([key, list]) => customerOf(list, key));
  const recordKeys = new Map<string, Made>(customers.map((customer) => [customer.emailKey!, customer]));
  // A phone the shop knows from an online customer is that customer (the most recently seen one, as at booking).
  const byPhone = new Map<string, Made>();
  for (const customer of customers.toSorted((a, b) => a.lastSeenAt.localeCompare(b.lastSeenAt))) {
    if (customer.phone) byPhone.set(customer.phone, customer);
  }
  const phoneOnly = new Map<string, Contact[]>();
  for (const contact of withoutEmail) {
    const phone = e164Phone(contact.phone);
    if (phone) {
      phoneOnly.set(phone, [...(phoneOnly.get(phone) ?? []), contact]);
    } else if (contact.name && contact.name !== UNNAMED_WALK_IN && contact.reference) {
      const own = customerOf([contact], null);
      customers.push(own);
      recordKeys.set(`walk-in:${contact.reference}`, own);
    }
  }
  for (const [phone, list] of phoneOnly) {
    const known = byPhone.get(phone);
    if (known) {
      for (const contact of list) (contact.kind === "booking" ? known.bookingIds : known.entryIds).push(contact.id);
      known.lastSeenAt = [known.lastSeenAt, list.at(-1)!.createdAt].toSorted().at(-1)!;
      recordKeys.set(`phone:0${phone.slice(3)}`, known);
    } else {
      const own = customerOf(list, null);
      customers.push(own);
      recordKeys.set(`phone:0${phone.slice(3)}`, own);
    }
  }
  return { customers, recordKeys };
}

async function linkRows(db: Kysely<Tables>, table: "bookings" | "waitlist_entries", customerId: number, ids: number[]) {
  for (let start = 0; start < ids.length; start += CHUNK) {
    await db
      .updateTable(table)
      .set({ customer_id: customerId })
      .where("id", "in", ids.slice(start, start + CHUNK))
      .execute();
  }
}

export async function up(schema: Kysely<unknown>) {
  const db = schema as Kysely<Tables>;
  const id = isPostgres(db) ? "serial" : "integer";
  await db.schema
    .createTable("customers")
    .addColumn("id", id, (col) => (isPostgres(db) ? col.primaryKey() : col.primaryKey().autoIncrement()))
    .addColumn("name", "text", (col) => col.notNull().defaultTo(""))
    // As the customer last wrote it; `email_key` is the same lower-cased, NULL without one.
    .addColumn("email", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("email_key", "text")
    // E.164; empty without one.
    .addColumn("phone", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("notes", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("marketing_consent_at", "text")
    .addColumn("marketing_consent_source", "text")
    .addColumn("text_consent_at", "text")
    .addColumn("text_consent_source", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("last_seen_at", "text", (col) => col.notNull())
    // Erasure and retention blank the row and keep it, so the bookings' figures still count one customer.
    .addColumn("erased_at", "text")
    .execute();
  await db.schema.createIndex("customers_email_key").unique().on("customers").column("email_key").execute();
  await sql`create unique index customers_phone_without_email on customers (phone) where email_key is null and phone <> ''`.execute(
    db,
  );
  await db.schema.createIndex("customers_phone").on("customers").column("phone").execute();
  for (const table of ["bookings", "waitlist_entries"] as const) {
    await db.schema
      .alterTable(table)
      .addColumn("customer_id", "integer", (col) => col.references("customers.id").onDelete("set null"))
      .execute();
    await db.schema.createIndex(`${table}_customer`).on(table).column("customer_id").execute();
  }

  const { customers, recordKeys } = groupCustomers(await contactsOf(db));
  const notes = await db.selectFrom("customer_notes").select(["email", "notes", "updated_at"]).execute();
  for (const note of notes) {
    const customer = recordKeys.get(note.email);
    if (customer) customer.notes = note.notes;
    else if (note.notes.trim() && note.email.includes("@")) {
      // Notes on someone known only from a contact message: they stay with a customer of their own.
      customers.push({
        name: "",
        email: note.email,
        emailKey: note.email,
        phone: "",
        textConsentAt: null,
        textConsentSource: null,
        createdAt: note.updated_at,
        lastSeenAt: note.updated_at,
        notes: note.notes,
        bookingIds: [],
        entryIds: [],
      });
    }
  }
  for (const customer of customers) {
    const { id: customerId } = await db
      .insertInto("customers")
      .values({
        name: customer.name,
        email: customer.email,
        email_key: customer.emailKey,
        phone: customer.phone,
        notes: customer.notes,
        text_consent_at: customer.textConsentAt,
        text_consent_source: customer.textConsentSource,
        created_at: customer.createdAt,
        last_seen_at: customer.lastSeenAt,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await linkRows(db, "bookings", customerId, customer.bookingIds);
    await linkRows(db, "waitlist_entries", customerId, customer.entryIds);
  }
  // The ledger (migration 019) names each movement's customer: the one its booking now points to.
  await sql`update money_movements set customer_id = (select b.customer_id from bookings b where b.id = money_movements.booking_id)
    where booking_id is not null`.execute(db);
  await db.schema.dropTable("customer_notes").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema
    .createTable("customer_notes")
    .addColumn("email", "text", (col) => col.primaryKey())
    .addColumn("notes", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
  await sql`insert into customer_notes (email, notes, updated_at)
    select email_key, notes, last_seen_at from customers where email_key is not null and notes <> ''`.execute(db);
  await sql`update money_movements set customer_id = null`.execute(db);
  for (const table of ["bookings", "waitlist_entries"] as const) {
    await db.schema.dropIndex(`${table}_customer`).execute();
    await db.schema.alterTable(table).dropColumn("customer_id").execute();
  }
  await db.schema.dropTable("customers").execute();
}
