import { sql } from "kysely";
import type { Db } from "~/db/client.server";
import { isPostgres } from "~/db/dialect";
import { e164Phone } from "~/db/customer-phone";
import { CUSTOMER_ID_PATTERN, customerKey, customerKeySchema, WALK_IN_NAME } from "~/features/customers";

/*
 * The customer rows (decision 041): every booking and waitlist entry is written with its customer's id,
 * found or made in the writer's own transaction. One address is one customer, any case (the unique
 * `email_key`); without an address, the phone: the customer already known by it (the online customer a
 * walk-in gives the number of), else one of its own (the partial unique index on phones without an address).
 * Two writers making the same new customer meet at that index: the second inserts nothing and reads the
 * first's row once it is committed.
 */

/** Who a booking or waitlist entry is for, as its request names them. */
export interface CustomerContact {
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  /** The customer asked for texts with it. */
  smsConsent?: boolean;
}

const byEmail = (db: Db, emailKey: string) =>
  db.selectFrom("customers").select("id").where("email_key", "=", emailKey).executeTakeFirst();

/** The customer a phone names: the one seen most recently with it. */
const byPhone = (db: Db, phone: string) =>
  db
    .selectFrom("customers")
    .select("id")
    .where("phone", "=", phone)
    .where("erased_at", "is", null)
    .orderBy("last_seen_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();

/** A customer without an address, made; or the one a racing twin made with the same phone. */
async function insertOrFindByPhone(trx: Db, contact: { name: string; phone: string }, now: Date) {
  const made = await trx
    .insertInto("customers")
    .values({
      name: contact.name,
      email: "",
      email_key: null,
      phone: contact.phone,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
    })
    // A walk-in with neither address nor phone never conflicts; one with a phone may meet a racing twin.
    .onConflict((conflict) => conflict.doNothing())
    .returning("id")
    .executeTakeFirst();
  if (made) return made.id;
  const twin = await byPhone(trx, contact.phone);
  if (!twin) throw new Error("A customer conflicted on insert and then could not be found");
  return twin.id;
}

/**
 * The id of the booking's or entry's customer, found by address, else by phone, else made; the name brought up
 * to date, a phone the row lacks filled in, and the text consent recorded with where it was first given (`source`). Null for an
 * unnamed walk-in: nobody the shop could tell apart. Call it inside the writer's transaction.
 */
export async function customerIdFor(trx: Db, contact: CustomerContact, source: string, now: Date) {
  const email = contact.customerEmail.trim();
  const phone = e164Phone(contact.customerPhone);
  const name = contact.customerName.trim() === WALK_IN_NAME ? "" : contact.customerName.trim();
  if (!email && !phone && !name) return null;
  const consent = contact.smsConsent ? { source, at: now.toISOString() } : undefined;
  if (email) return upsertByEmail(trx, { name, email, phone }, consent, now);
  const found = phone ? await byPhone(trx, phone) : undefined;
  const id = found?.id ?? (await insertOrFindByPhone(trx, { name, phone }, now));
  await trx
    .updateTable("customers")
    .set({
      last_seen_at: now.toISOString(),
      // Found by phone only: a name is filled in where the row lacks one, never changed.
      ...(name ? { name: fill("name", name) } : {}),
      ...(phone ? { phone: fill("phone", phone) } : {}),
      ...(consent ? firstConsent(consent) : {}),
    })
    .where("id", "=", id)
    .execute();
  return id;
}

/*
 * The phone is the customer's own: a later booking fills it in when the row has none and never overwrites it,
 * since anyone can book with an address and a phone of their own, and the customer's forms offer the row's phone.
 * (Named with its table: in an upsert's update, PostgreSQL would not know it from the row proposed.)
 */
const fill = (column: "name" | "phone", value: string) =>
  sql<string>`case when ${sql.ref(`customers.${column}`)} = '' then ${value} else ${sql.ref(`customers.${column}`)} end`;

/** The text consent as first given: a later one (from another booking) leaves its when and where as they were. */
const firstConsent = (consent: { source: string; at: string }) => ({
  text_consent_source: sql<string>`coalesce(${sql.ref("customers.text_consent_source")}, ${consent.source})`,
  text_consent_at: sql<string>`coalesce(${sql.ref("customers.text_consent_at")}, ${consent.at})`,
});

/**
 * The customer of an address, made or brought up to date in one statement (each is a round trip on PostgreSQL).
 * The name is the latest the customer gave with their address: people write theirs differently over time.
 */
async function upsertByEmail(
  trx: Db,
  contact: { name: string; email: string; phone: string },
  consent: { source: string; at: string } | undefined,
  now: Date,
) {
  const { id } = await trx
    .insertInto("customers")
    .values({
      name: contact.name,
      email: contact.email,
      email_key: customerKey(contact.email),
      phone: contact.phone,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      ...(consent ? { text_consent_source: consent.source, text_consent_at: consent.at } : {}),
    })
    .onConflict((conflict) =>
      conflict.column("email_key").doUpdateSet({
        last_seen_at: now.toISOString(),
        ...(contact.name ? { name: contact.name } : {}),
        ...(contact.phone ? { phone: fill("phone", contact.phone) } : {}),
        ...(consent ? firstConsent(consent) : {}),
      }),
    )
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

/**
 * Holds the booking's customer's row until the transaction ends, so that writers checking one customer's day take
 * turns on PostgreSQL (SQLite runs one write transaction at a time). A new booking holds it by customerIdFor.
 */
export async function lockCustomerOfBooking(trx: Db, bookingId: number) {
  if (!isPostgres(trx)) return;
  await trx
    .selectFrom("customers")
    .select("id")
    .where("id", "=", (eb) => eb.selectFrom("bookings").select("customer_id").where("id", "=", bookingId))
    .forNoKeyUpdate()
    .execute();
}

/**
 * The customer a record URL names: its id, or one of the keys the URLs had before customers were rows (an
 * e-mail address, `phone:07…`, `walk-in:OB-…`), so that old links and bookmarks still find the person.
 * Undefined when it names nobody.
 */
export async function customerIdOfKey(db: Db, key: string): Promise<number | undefined> {
  const trimmed = key.trim();
  if (CUSTOMER_ID_PATTERN.test(trimmed)) {
    const row = await db
      .selectFrom("customers")
      .select("id")
      .where("id", "=", Number(trimmed))
      .where("erased_at", "is", null)
      .executeTakeFirst();
    return row?.id;
  }
  const owner = customerKeySchema.safeParse(trimmed);
  if (!owner.success) return undefined;
  if ("email" in owner.data) return (await byEmail(db, owner.data.email))?.id;
  if ("phone" in owner.data) return (await byPhone(db, e164Phone(owner.data.phone)))?.id;
  const booking = await db
    .selectFrom("bookings")
    .select("customer_id")
    .where("reference", "=", owner.data.reference)
    .executeTakeFirst();
  return booking?.customer_id ?? undefined;
}

/** The customer who signs in with an address: the row it names, not erased; undefined for nobody. */
export async function customerIdOfEmail(db: Db, email: string) {
  return (await byEmail(db, customerKey(email)))?.id;
}
