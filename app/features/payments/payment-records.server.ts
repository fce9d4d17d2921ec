import type { Db } from "~/db/client.server";
import type { Row } from "~/db/database";
import type { BookingRecord } from "~/features/booking/booking-record.server";
import { enqueueJob } from "~/features/jobs/jobs.server";
import { notFound } from "~/lib/http-error";
import { formatPence, toPounds } from "~/lib/money";
import { loadSettings } from "~/features/settings/settings.server";
import { hoursUntil, shopInstant, shopToday } from "~/lib/shop-time";
import type { PaymentMail } from "./payment-mail.server";
import { paymentView } from "./payment-view.server";
import type { BookingPayment, FeeReason } from "./payments.schema";
import { clockNow } from "~/lib/clock";

/*
 * A booking's payment as the booking feature reads and changes it: its view, the warning before a late
 * cancel, and what a cancellation does to the money. Free of the manage and booking services, which call it.
 */

export const PAYMENT_REFUND_JOB = "payment-refund";
export const PAYMENT_MAIL_JOB = "payment-mail";

export interface RefundJob {
  key: string;
}

export async function refundedPence(db: Db, bookingId: number) {
  const row = await db
    .selectFrom("payment_refunds")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("amount_pence"), eb.lit(0)).as("total"))
    .where("booking_id", "=", bookingId)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

export async function queuePaymentMail(db: Db, mail: PaymentMail, now: Date) {
  if (!mail.to) return;
  await enqueueJob(db, { kind: PAYMENT_MAIL_JOB, payload: mail }, now);
}

export const mailAbout = (booking: BookingRecord, kind: PaymentMail["kind"], amountPence: number): PaymentMail => ({
  kind,
  to: booking.customerEmail,
  customerName: booking.customerName,
  reference: booking.reference,
  date: booking.date,
  startTime: booking.startTime,
  endTime: booking.endTime,
  amountPence,
});

/** Queues a refund: its row is the Idempotency-Key, so the job (retried or not) refunds it once. */
export async function queueRefund(
  db: Db,
  bookingId: number,
  amountPence: number,
  reason: string,
  key: string,
  now: Date,
) {
  if (amountPence <= 0) return;
  await db
    .insertInto("payment_refunds")
    .values({
      idempotency_key: key,
      booking_id: bookingId,
      amount_pence: amountPence,
      state: "pending",
      reason,
      created_at: now.toISOString(),
    })
    .onConflict((conflict) => conflict.column("idempotency_key").doNothing())
    .execute();
  const payload: RefundJob = { key };
  await enqueueJob(db, { kind: PAYMENT_REFUND_JOB, payload }, now);
}

/** The booking's payment row, or undefined for a booking made without one. */
export const findPayment = (db: Db, bookingId: number) =>
  db.selectFrom("booking_payments").selectAll().where("booking_id", "=", bookingId).executeTakeFirst();

export async function loadPaymentView(db: Db, bookingId: number) {
  const row = await findPayment(db, bookingId);
  return row ? paymentView(row, await refundedPence(db, bookingId)) : null;
}

/** Whether cancelling now keeps the customer's money (or may cost the fee): inside the notice, with a payment. */
export function lateCancellationWarning(
  payment: Row<"booking_payments"> | undefined,
  booking: Pick<BookingRecord, "date" | "startTime">,
  noticeHours: number,
  now: Date,
) {
  if (!payment || hoursUntil(booking.date, booking.startTime, now) > noticeHours) return null;
  if (payment.status === "paid") {
    return `You are inside the ${noticeHours}-hour cancellation notice: if you cancel now, your ${formatPence(payment.paid_pence)} ${payment.kind === "deposit" ? "deposit" : "payment"} is kept.`;
  }
  if (payment.status === "card_saved") {
    return `You are inside the ${noticeHours}-hour cancellation notice: if you cancel now, a fee of ${formatPence(payment.amount_pence)} may be charged to your card.`;
  }
  return null;
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
) {
  const payment = await findPayment(db, booking.id);
  if (payment?.status !== "paid") return;
  const inTime = by === "admin" || hoursUntil(booking.date, booking.startTime, now) > noticeHours;
  if (!inTime) {
    await db.updateTable("booking_payments").set({ status: "kept" }).where("booking_id", "=", booking.id).execute();
    return;
  }
  const owed = payment.paid_pence - (await refundedPence(db, booking.id));
  await db.updateTable("booking_payments").set({ status: "refunded" }).where("booking_id", "=", booking.id).execute();
  await queueRefund(db, booking.id, owed, `cancelled-by-${by}`, `refund-cancel-${booking.id}`, now);
}

/** The payments of many bookings at once (a customer's record, the admin list), by booking id. */
export async function paymentsOf(db: Db, bookingIds: number[]) {
  const views = new Map<number, BookingPayment>();
  if (bookingIds.length === 0) return views;
  const [rows, refunds] = await Promise.all([
    db.selectFrom("booking_payments").selectAll().where("booking_id", "in", bookingIds).execute(),
    db
      .selectFrom("payment_refunds")
      .select(["booking_id", (eb) => eb.fn.sum<number>("amount_pence").as("total")])
      .where("booking_id", "in", bookingIds)
      .groupBy("booking_id")
      .execute(),
  ]);
  for (const row of rows) {
    const refunded = Number(refunds.find((refund) => refund.booking_id === row.booking_id)?.total ?? 0);
    views.set(row.booking_id, paymentView(row, refunded));
  }
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
    payment: row ? paymentView(row, await refundedPence(db, booking.id)) : null,
    cancelWarning: booking.status === "confirmed" ? lateCancellationWarning(row, booking, noticeHours, now) : null,
    /** A customer with money on file may still cancel inside the notice (the warning says what it costs). */
    onFile: row?.status === "paid" || row?.status === "card_saved",
  };
}

/** The month's money so far (in the shop's zone): deposits and prepayments taken, fees charged, refunds made. */
export async function monthMoney(db: Db, now: Date = clockNow()) {
  const start = shopInstant(`${shopToday(now).slice(0, 7)}-01`, "00:00").toISOString();
  const [paid, charged, refunded] = await Promise.all([
    db
      .selectFrom("booking_payments")
      .select((eb) => eb.fn.sum<number>("paid_pence").as("total"))
      .where("paid_at", ">=", start)
      .executeTakeFirst(),
    db
      .selectFrom("booking_payments")
      .select((eb) => eb.fn.sum<number>("charged_pence").as("total"))
      .where("charged_at", ">=", start)
      .executeTakeFirst(),
    db
      .selectFrom("payment_refunds")
      .select((eb) => eb.fn.sum<number>("amount_pence").as("total"))
      .where("created_at", ">=", start)
      .executeTakeFirst(),
  ]);
  return {
    deposits: toPounds(Number(paid?.total ?? 0)),
    fees: toPounds(Number(charged?.total ?? 0)),
    refunds: toPounds(Number(refunded?.total ?? 0)),
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
export async function feeReasonOfBooking(db: Db, bookingId: number) {
  const [[row], shop] = await Promise.all([feeFactsOf(db, [bookingId]), loadSettings(db)]);
  if (!row) throw notFound("Booking");
  return feeReasonOf(row, shop.cancellationNoticeHours);
}
