import { sql, type ExpressionBuilder } from "kysely";
import type { RequestContext } from "~/context";
import type { Db } from "~/db/client.server";
import type { Database } from "~/db/database";
import { cancelBooking, expireUnpaid, forgetBookingJobs } from "~/features/booking/index.server";
import { eraseGiftCardPeople } from "~/features/gift-cards/index.server";
import { clearJobErrorsMentioning } from "~/features/jobs/index.server";
import { eraseCustomerQueueEntries } from "~/features/queue/index.server";
import { endMembershipsForErasure } from "~/features/memberships/index.server";
import { eraseWaitlistEntries } from "~/features/waitlist/index.server";
import { hasStarted } from "~/lib/shop-time";
import { clockNow } from "~/lib/clock";
import { customerOfKey } from "./customers.server";
import type { ErasureResult } from "./customers.schema";

export const ERASED_NAME = "[erased]";

/** One customer (their row's id and address key), or what retention's cut-offs reach. */
type ErasureScope =
  { customer: { id: number; email_key: string | null } } | { appointmentsBefore: string; messagesBefore: string };

/** Blanks customer rows, keeping them (and their ids on bookings) for the shop's figures. */
const blankCustomers = (trx: Db, erasedAt: string) =>
  trx.updateTable("customers").set({
    name: ERASED_NAME,
    email: "",
    email_key: null,
    phone: "",
    notes: "",
    marketing_consent_at: null,
    marketing_consent_source: null,
    text_consent_at: null,
    text_consent_source: null,
    erased_at: erasedAt,
  });

/**
 * Replaces the personal data of bookings and contact messages, keeping dates, services and totals for
 * the shop's figures, blanks the customer rows they leave with nothing to stand for, and removes what the rest
 * of the database holds of the same people: mail errors naming their address, their mails and reminders still
 * queued, errors of jobs about them (decision 022). Used by erasure requests and by the retention job; call it
 * inside a transaction.
 */
export async function erasePersonalData(trx: Db, which: ErasureScope, now: Date = new Date()) {
  const erasedAt = now.toISOString();
  const bookingsInScope = (eb: ExpressionBuilder<Database, "bookings">) =>
    eb.and([
      eb("erased_at", "is", null),
      "customer" in which
        ? eb("customer_id", "=", which.customer.id)
        : eb("slot_id", "in", eb.selectFrom("booking_slots").select("id").where("date", "<", which.appointmentsBefore)),
    ]);
  const messagesInScope = (eb: ExpressionBuilder<Database, "contact_submissions">) =>
    eb.and([
      eb("erased_at", "is", null),
      "customer" in which
        ? // Messages carry no customer: those from the customer's address (a walk-in without one has none).
          eb(sql<string>`lower(email)`, "=", which.customer.email_key ?? "")
        : eb("created_at", "<", which.messagesBefore),
    ]);

  const bookings = await trx
    .selectFrom("bookings")
    .select(["id", sql<string>`lower(customer_email)`.as("email")])
    .where(bookingsInScope)
    .execute();
  const messages = await trx
    .selectFrom("contact_submissions")
    .select(sql<string>`lower(email)`.as("email"))
    .where(messagesInScope)
    .execute();
  const erasedBookings = await trx
    .updateTable("bookings")
    .set({
      customer_name: ERASED_NAME,
      customer_email: "",
      customer_phone: "",
      notes: "",
      mail_error: null,
      erased_at: erasedAt,
    })
    .where(bookingsInScope)
    .executeTakeFirst();
  const erasedMessages = await trx
    .updateTable("contact_submissions")
    .set({ name: ERASED_NAME, email: "", phone: "", message: ERASED_NAME, error: null, erased_at: erasedAt })
    .where(messagesInScope)
    .executeTakeFirst();
  if ("customer" in which) {
    await blankCustomers(trx, erasedAt).where("id", "=", which.customer.id).execute();
  } else {
    // A customer not seen since the cut-off, with no booking or waitlist entry left to stand for, goes too.
    await blankCustomers(trx, erasedAt)
      .where("erased_at", "is", null)
      .where("last_seen_at", "<", which.appointmentsBefore)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("bookings as b")
              .select("b.id")
              .whereRef("b.customer_id", "=", "customers.id")
              .where("b.erased_at", "is", null),
          ),
        ),
      )
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom("waitlist_entries as w").select("w.id").whereRef("w.customer_id", "=", "customers.id"))),
      )
      .execute();
  }

  const emails = new Set([...bookings, ...messages].map((row) => row.email).filter(Boolean));
  if ("customer" in which && which.customer.email_key) emails.add(which.customer.email_key);
  await forgetBookingJobs(trx, new Set(bookings.map((booking) => booking.id)), emails);
  await clearJobErrorsMentioning(trx, emails);
  return {
    erasedBookings: Number(erasedBookings.numUpdatedRows),
    erasedMessages: Number(erasedMessages.numUpdatedRows),
  };
}

/**
 * An erasure request: the customer's appointments still to come are cancelled first (the shop's copy of the
 * cancellation is mailed; the customer is sent nothing, decision 043), then everything
 * held about the customer is erased: their bookings', waitlist entries' and walk-in queue entries' copies, their
 * messages, their row
 * (notes and consents with it), their sessions. The one way a customer is erased on request, whoever asks: the
 * owner (by the customer's number, or an old record key) or the customer themselves.
 */
export async function eraseCustomer(ctx: RequestContext, key: string, now: Date = clockNow()): Promise<ErasureResult> {
  const customer = await customerOfKey(ctx.db, key);
  const upcoming = await ctx.db
    .selectFrom("bookings as b")
    .innerJoin("booking_slots as s", "s.id", "b.slot_id")
    .select(["b.slot_id", "s.date", "s.start_time"])
    .where("b.customer_id", "=", customer.id)
    .where("b.status", "=", "confirmed")
    .where("b.erased_at", "is", null)
    .execute();
  let cancelledBookings = 0;
  for (const booking of upcoming.filter((row) => !hasStarted(row.date, row.start_time, now))) {
    await cancelBooking(ctx, { actor: { kind: "system", cause: "erasure" }, slotId: booking.slot_id, now });
    cancelledBookings += 1;
  }
  // A booking still waiting for its deposit ends now and its Checkout closes: paid later, it would confirm a
  // booking of nobody.
  const unpaid = await ctx.db
    .selectFrom("bookings as b")
    .select("b.id")
    .where("b.customer_id", "=", customer.id)
    .where("b.status", "=", "awaiting_payment")
    .execute();
  for (const { id } of unpaid) await expireUnpaid(ctx, id, now);
  await endMembershipsForErasure(ctx, customer.id, now);
  const erased = await ctx.db.transaction().execute(async (trx) => {
    if (customer.email_key) {
      // Signed out everywhere, and no review request row left to name them.
      await trx.deleteFrom("customer_sessions").where("email", "=", customer.email_key).execute();
      await trx.deleteFrom("customer_sign_in_links").where("email", "=", customer.email_key).execute();
      await trx.deleteFrom("review_requests").where("email", "=", customer.email_key).execute();
      await eraseGiftCardPeople(trx, customer.email_key);
    }
    await eraseWaitlistEntries(trx, customer.id, now);
    await eraseCustomerQueueEntries(trx, customer, ERASED_NAME, now);
    return erasePersonalData(trx, { customer }, now);
  });
  return { cancelledBookings, ...erased };
}
