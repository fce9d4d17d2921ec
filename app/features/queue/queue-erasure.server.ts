import { sql } from "kysely";
import type { Db } from "~/db/client.server";
import { ukNationalPhone } from "~/db/customer-phone";
import { addDays } from "~/lib/shop-time";

/*
 * What the queue keeps of a customer (UK GDPR storage limitation, decision 055): the name, phone and e-mail an
 * entry took are for that day's queue. A day's list stays readable for a week after it (the owner looking back
 * at who came in), then the nightly retention blanks them; the rows stay, with their day, times, services,
 * barber and status, so the day's walk-ins are still counted. An erasure request blanks the customer's entries
 * at once, and takes any still waiting off the queue.
 */

/** Days after its own that a day's queue keeps its names, phones and e-mails. */
export const QUEUE_KEEP_DAYS = 7;

const blanked = (erasedName: string) => ({
  customer_name: erasedName,
  customer_phone: "",
  customer_email: "",
  sms_consent: 0,
});

/** The nightly retention's part: entries of days more than QUEUE_KEEP_DAYS before today. Answers how many. */
export async function eraseOldQueueEntries(db: Db, today: string, erasedName: string) {
  const erased = await db
    .updateTable("queue_entries")
    .set(blanked(erasedName))
    .where("date", "<", addDays(today, -QUEUE_KEEP_DAYS))
    .where("customer_name", "!=", erasedName)
    .executeTakeFirst();
  return Number(erased.numUpdatedRows);
}

/**
 * An erasure request's part: the customer's entries, found by their walk-in bookings, their address or their
 * phone; any still waiting or called leave the queue (those behind move up). Call it inside the erasure's
 * transaction.
 */
export async function eraseCustomerQueueEntries(
  trx: Db,
  customer: { id: number; email_key: string | null; phone: string },
  erasedName: string,
  now: Date,
) {
  const theirs = trx
    .selectFrom("queue_entries")
    .select("id")
    .where((eb) =>
      eb.or([
        eb("booking_id", "in", eb.selectFrom("bookings").select("id").where("customer_id", "=", customer.id)),
        ...(customer.email_key ? [eb(sql<string>`lower(customer_email)`, "=", customer.email_key)] : []),
        // The customer row keeps the phone in E.164, an entry as the form gave it (a British number: 07700900123).
        ...(customer.phone ? [eb("customer_phone", "in", [customer.phone, ukNationalPhone(customer.phone)])] : []),
      ]),
    );
  const ids = (await theirs.execute()).map((row) => row.id);
  if (ids.length === 0) return;
  await trx
    .updateTable("queue_entries")
    .set({ status: "removed", finished_at: now.toISOString() })
    .where("id", "in", ids)
    .where("status", "in", ["waiting", "called"])
    .execute();
  await trx.updateTable("queue_entries").set(blanked(erasedName)).where("id", "in", ids).execute();
}
