import type { ShopReads } from "~/context";
import type { Db } from "~/db/client.server";
import type { Row } from "~/db/database";
import type { BookingRecord } from "~/features/booking/index.server";
import { lateCancellationWarning } from "~/features/booking";
import { enqueueJob } from "~/features/jobs/index.server";
import { notFound } from "~/lib/http-error";
import { formatPence } from "~/lib/money";
import { hoursUntil } from "~/lib/shop-time";
import { recordMovement } from "./money-ledger.server";
import type { PaymentMail } from "./payment-mail.server";
import { paymentView } from "./payment-view.server";
import type { BookingPayment, FeeReason } from "./payments.schema";

/*
 * A booking's payment as the booking feature reads and changes it: its view, the warning before a late
 * cancel, and what a cancellation does to the money. Free of the manage and booking services, which call it.
 */

export const PAYMENT_REFUND_JOB = "payment-refund";
export const PAYMENT_MAIL_JOB = "payment-mail";

/**
 * Gives a booking's gift-card part back to its card(s) (gift cards' `giveBackBookingSpend`). The booking side
 * passes it in: gift cards record their money in this feature's ledger, so they sit above it (decision 051).
 */
export type GiveBackCardSpend = (trx: Db, bookingId: number, reason: string, now: Date) => Promise<void>;

export interface RefundJob {
  key: string;
}

/**
 * A payment mail's job: the booking's id and what happened, never the customer's name or address (decision 043),
 * which the job reads from the booking when it runs, so an erasure in between leaves it nobody to mail.
 */
export type PaymentMailJob = Pick<PaymentMail, "kind" | "amountPence" | "link" | "reason"> & { bookingId: number };

export async function queuePaymentMail(
  db: Db,
  booking: BookingRecord,
  mail: Omit<PaymentMailJob, "bookingId">,
  now: Date,
) {
  if (!booking.customerEmail) return;
  const payload: PaymentMailJob = { ...mail, bookingId: booking.id };
  await enqueueJob(db, { kind: PAYMENT_MAIL_JOB, payload }, now);
}

/** Minutes after a refund or charge is asked of Stripe that its reconciling job checks it was settled. */
export const RECONCILE_AFTER_MS = 2 * 60_000;
/** A reconciling job keeps asking Stripe for about seven hours (backoff up to an hour), inside Stripe's 24-hour key life. */
export const RECONCILE_ATTEMPTS = 12;

export interface RefundClaim {
  bookingId: number;
  amountPence: number;
  reason: string;
  /** The Idempotency-Key Stripe sees, and the refund row's key. */
  key: string;
  /** When its job asks Stripe: at once (a cancellation), or later as the reconciler of a refund asked inline. */
  runAt?: Date;
}

/**
 * Claims a refund in the caller's transaction: the refund row (its key once: a second claim with the same key
 * answers false and changes nothing), then its amount, by a conditional update the database refuses when it
 * would take the refunds above what was paid, whoever else is refunding at the same moment; then the job that
 * asks Stripe. Throws RefundTooLargeError when refused.
 */
export async function claimRefund(db: Db, claim: RefundClaim, now: Date) {
  if (claim.amountPence <= 0) return false;
  const inserted = await db
    .insertInto("payment_refunds")
    .values({
      idempotency_key: claim.key,
      booking_id: claim.bookingId,
      amount_pence: claim.amountPence,
      state: "pending",
      reason: claim.reason,
      created_at: now.toISOString(),
    })
    .onConflict((conflict) => conflict.column("idempotency_key").doNothing())
    .returning("idempotency_key")
    .executeTakeFirst();
  if (!inserted) return false;
  const claimed = await db
    .updateTable("booking_payments")
    .set((eb) => ({ refund_claimed_pence: eb("refund_claimed_pence", "+", claim.amountPence) }))
    .where("booking_id", "=", claim.bookingId)
    .where((eb) =>
      eb(eb("refund_claimed_pence", "+", claim.amountPence), "<=", eb("paid_pence", "+", eb.ref("charged_pence"))),
    )
    .executeTakeFirst();
  if (claimed.numUpdatedRows === 0n) throw new RefundTooLargeError(await refundablePence(db, claim.bookingId));
  const payload: RefundJob = { key: claim.key };
  await enqueueJob(
    db,
    { kind: PAYMENT_REFUND_JOB, payload, runAt: claim.runAt ?? now, maxAttempts: RECONCILE_ATTEMPTS },
    now,
  );
  return true;
}

/** A refund above what is left to refund: the transaction that claimed it is rolled back. */
export class RefundTooLargeError extends Error {
  constructor(readonly refundablePence: number) {
    super(`At most ${formatPence(Math.max(0, refundablePence))} can be refunded.`);
  }
}

/** What is left to refund on a booking: paid and charged, less the refunds claimed (pending or done). */
export async function refundablePence(db: Db, bookingId: number) {
  const row = await findPayment(db, bookingId);
  return row ? row.paid_pence + row.charged_pence - row.refund_claimed_pence : 0;
}

/** The booking's payment row, or undefined for a booking made without one. */
export const findPayment = (db: Db, bookingId: number) =>
  db.selectFrom("booking_payments").selectAll().where("booking_id", "=", bookingId).executeTakeFirst();

export async function loadPaymentView(db: Db, bookingId: number) {
  const row = await findPayment(db, bookingId);
  return row ? paymentView(row) : null;
}

/**
 * What a cancellation does to the booking's money, in the cancellation's transaction: the shop's cancel, or the
 * customer's ahead of the notice, refunds in full (by the job queue); the customer's inside it keeps the deposit.
 */
export async function settlePaymentOnCancel(
  db: Db,
  booking: Pick<BookingRecord, "id" | "date" | "startTime">,
  by: "customer" | "admin",
  noticeHours: number,
  now: Date,
  giveBackCardSpend: GiveBackCardSpend,
) {
  const inTime = by === "admin" || hoursUntil(booking.date, booking.startTime, now) > noticeHours;
  // What a gift card paid goes back to the card, not to a bank card; inside the notice it is kept, as a deposit is.
  if (inTime) await giveBackCardSpend(db, booking.id, `cancelled-by-${by}`, now);
  const payment = await findPayment(db, booking.id);
  if (payment?.status !== "paid") return;
  if (!inTime) {
    await keepPayment(db, payment, now);
    return;
  }
  const owed = payment.paid_pence - payment.refund_claimed_pence;
  await db.updateTable("booking_payments").set({ status: "refunded" }).where("booking_id", "=", booking.id).execute();
  const key = `refund-cancel-${booking.id}`;
  await claimRefund(db, { bookingId: booking.id, amountPence: owed, reason: `cancelled-by-${by}`, key }, now);
}

/**
 * Keeps a paid deposit or prepayment (a late cancel, the owner's "Keep deposit"): the payment reads "kept" and the
 * ledger says so, in the caller's transaction; false when it was not paid (any more).
 */
export async function keepPayment(db: Db, payment: Row<"booking_payments">, now: Date) {
  const kept = await db
    .updateTable("booking_payments")
    .set({ status: "kept" })
    .where("booking_id", "=", payment.booking_id)
    .where("status", "=", "paid")
    .executeTakeFirst();
  if (kept.numUpdatedRows === 0n) return false;
  await recordMovement(
    db,
    {
      kind: "kept_deposit",
      method: "online",
      amountPence: payment.paid_pence - payment.refund_claimed_pence,
      bookingId: payment.booking_id,
      idempotencyKey: `kept-${payment.booking_id}`,
      paymentIntentId: payment.stripe_payment_intent_id,
    },
    now,
  );
  return true;
}

/** The payments of many bookings at once (a customer's record, the admin list), by booking id. */
export async function paymentsOf(db: Db, bookingIds: number[]) {
  const views = new Map<number, BookingPayment>();
  if (bookingIds.length === 0) return views;
  const rows = await db.selectFrom("booking_payments").selectAll().where("booking_id", "in", bookingIds).execute();
  for (const row of rows) views.set(row.booking_id, paymentView(row));
  return views;
}

/** What the manage page adds about money: the payment, and the warning before a cancel that costs it. */
export async function paymentFacts(
  db: Db,
  booking: Pick<BookingRecord, "id" | "date" | "startTime" | "status">,
  noticeHours: number,
  now: Date,
) {
  const row = await findPayment(db, booking.id);
  return {
    payment: row ? paymentView(row) : null,
    cancelWarning: booking.status === "confirmed" ? lateCancellationWarning(row, booking, noticeHours, now) : null,
    /** A customer with money on file may still cancel inside the notice (the warning says what it costs). */
    onFile: row?.status === "paid" || row?.status === "card_saved",
  };
}

/** The booking facts a fee needs: marked no-show, or cancelled by the customer inside the cancellation notice. */
interface FeeFacts {
  status: string;
  attendance: "attended" | "no-show" | null;
  cancelledBy: string | null;
  cancelledAt: string | null;
  date: string;
  startTime: string;
}

export function feeReasonOf(booking: FeeFacts, noticeHours: number): FeeReason | null {
  if (booking.attendance === "no-show") return "no-show";
  const late =
    booking.status === "cancelled" &&
    booking.cancelledBy === "customer" &&
    booking.cancelledAt !== null &&
    hoursUntil(booking.date, booking.startTime, new Date(booking.cancelledAt)) <= noticeHours;
  return late ? "late-cancellation" : null;
}

export async function feeFactsOf(db: Db, bookingIds: number[]) {
  if (bookingIds.length === 0) return [];
  return db
    .selectFrom("bookings as b")
    .innerJoin("booking_slots as s", "s.id", "b.slot_id")
    .select([
      "b.id",
      "b.status",
      "b.attendance",
      "b.cancelled_by as cancelledBy",
      "b.cancelled_at as cancelledAt",
      "s.date",
      "s.start_time as startTime",
    ])
    .where("b.id", "in", bookingIds)
    .execute();
}

/** Why this booking may be charged a fee now, or null. */
export async function feeReasonOfBooking({ db, settings }: ShopReads, bookingId: number) {
  const [[row], shop] = await Promise.all([feeFactsOf(db, [bookingId]), settings()]);
  if (!row) throw notFound("Booking");
  return feeReasonOf(row, shop.cancellationNoticeHours);
}
