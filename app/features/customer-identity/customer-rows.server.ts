import { sql } from "kysely";
import type { Db } from "~/db/client.server";
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

async function insertOrFind(trx: Db, contact: { name: string; email: string; phone: string }, now: Date) {
  const emailKey = contact.email ? customerKey(contact.email) : null;
  const made = await trx
    .insertInto("customers")
    .values({
      name: contact.name,
      email: contact.email,
      email_key: emailKey,
      phone: contact.phone,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
    })
    // A walk-in with neither address nor phone never conflicts; the others may meet a racing twin.
    .onConflict((conflict) => conflict.doNothing())
    .returning("id")
    .executeTakeFirst();
  if (made) return made.id;
  const twin = emailKey ? await byEmail(trx, emailKey) : await byPhone(trx, contact.phone);
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
  const found = email ? await byEmail(trx, customerKey(email)) : phone ? await byPhone(trx, phone) : undefined;
  const id = found?.id ?? (await insertOrFind(trx, { name, email, phone }, now));
  // The name is the latest the customer gave with their address (people write theirs differently over time); a
  // walk-in found by phone only fills in a name the row lacks. The phone is the customer's own: a later booking
  // fills it in when the row has none and never overwrites it, since anyone can book with an address and a phone
  // of their own, and the customer's forms offer the row's phone.
  const fill = (column: "name" | "phone", value: string) =>
    sql<string>`case when ${sql.ref(column)} = '' then ${value} else ${sql.ref(column)} end`;
  await trx
    .updateTable("customers")
    .set((eb) => ({
      last_seen_at: now.toISOString(),
      ...(name ? { name: email ? name : fill("name", name) } : {}),
      ...(phone ? { phone: fill("phone", phone) } : {}),
      ...(contact.smsConsent
        ? {
            text_consent_source: eb.fn.coalesce("text_consent_source", eb.val(source)),
            text_consent_at: eb.fn.coalesce("text_consent_at", eb.val(now.toISOString())),
          }
        : {}),
    }))
    .where("id", "=", id)
    .execute();
  return id;
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
