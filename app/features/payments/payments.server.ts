import type Stripe from "stripe";
import type { AppContext } from "~/context";
import type { Db } from "~/db/client.server";
import type { PaymentStatus, Row } from "~/db/database";
import { loadSchedules } from "~/features/booking/availability.server";
import { queueBookingMails } from "~/features/booking/booking-jobs.server";
import { loadBooking } from "~/features/booking/booking-record.server";
import { claimComputedTime } from "~/features/booking/booking.server";
import { freeSlot } from "~/features/booking/cancellation.server";
import { cancelJobs, enqueueJob, nudgeJobWorkers } from "~/features/jobs/jobs.server";
import { loadSettings } from "~/features/settings/settings.server";
import { HttpError, badRequest, conflict, notFound } from "~/lib/http-error";
import { clockNow } from "~/lib/clock";
import { formatPence } from "~/lib/money";
import type { FeeReason } from "./payments.schema";
import { expiryKey } from "./payment-hold.server";
import { paymentUnavailableMessage } from "./payment-checkout.server";
import { loadPaymentRules, stripeKeys } from "./payment-settings.server";
import {
  feeReasonOfBooking,
  findPayment,
  loadPaymentView,
  mailAbout,
  queuePaymentMail,
  queueRefund,
  refundedPence,
  type RefundJob,
} from "./payment-records.server";
import {
  StripeUnavailableError,
  chargeOffSession,
  createCheckoutSession,
  expireCheckoutSession,
  refundPayment,
  retrieveCheckoutSession,
  stripeClient,
  verifiedEvent,
} from "./stripe.server";

/*
 * A booking's money after the booking (decision 029): Stripe's events received once and handed to the job
 * queue, the paid booking confirmed through one idempotent path (the webhook's job and the success page
 * both call settleCheckout), the unpaid one expired by its job, refunds by the job queue with an
 * Idempotency-Key each, and the owner's no-show charge.
 */

export const PAYMENT_EVENT_JOB = "payment-event";

const SIGNATURE_MESSAGE = "The Stripe-Signature header does not match this event.";
const NOT_SET_UP_MESSAGE = "Online payments are not set up.";
const ALREADY_CHARGED_MESSAGE = "The fee for this booking has already been charged.";
const NO_CARD_MESSAGE = "This booking has no card on file to charge.";
const NOT_CHARGEABLE_MESSAGE =
  "A fee can only be charged for a booking marked as a no-show, or cancelled by the customer inside the cancellation notice.";
const NOTHING_TO_REFUND_MESSAGE = "Nothing has been paid on this booking that could be refunded.";

type Ctx = Pick<AppContext, "db" | "config">;

export interface PaymentEventJob {
  type: string;
  sessionId: string;
}

async function requireKeys(ctx: Ctx) {
  const keys = await stripeKeys(ctx);
  if (!keys) throw badRequest(NOT_SET_UP_MESSAGE);
  return keys;
}

/**
 * POST /api/payments/webhook: the signature is checked on the raw body, the event id stored once (a replay
 * changes nothing) and the work queued in the same transaction, so an event answered 2xx is never lost.
 */
export async function receiveStripeEvent(ctx: Ctx, rawBody: Buffer, signature: string | undefined, now = clockNow()) {
  const keys = await requireKeys(ctx);
  const event = verifiedEvent(rawBody, signature, keys.webhookSecret);
  if (!event) throw badRequest(SIGNATURE_MESSAGE);
  // Signed, but not an event's shape: refused (Stripe retries) rather than a server error.
  if (typeof event.id !== "string" || typeof event.type !== "string" || typeof event.data?.object !== "object") {
    throw badRequest("The event has no id, type or data.");
  }
  const object = event.data.object as { id?: string; object?: string };
  const queued = await ctx.db.transaction().execute(async (trx) => {
    const stored = await trx
      .insertInto("payment_events")
      .values({ id: event.id, type: event.type, received_at: now.toISOString() })
      .onConflict((conflict) => conflict.column("id").doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!stored) return false;
    if (object.object === "checkout.session" && object.id) {
      const payload: PaymentEventJob = { type: event.type, sessionId: object.id };
      await enqueueJob(trx, { kind: PAYMENT_EVENT_JOB, payload }, now);
    }
    return true;
  });
  if (queued) nudgeJobWorkers();
  return { replay: !queued };
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);

/** The customer, card and payment Stripe keeps for a completed session (expanded by retrieveCheckoutSession). */
function savedCard(session: Stripe.Checkout.Session) {
  const intent = typeof session.payment_intent === "object" ? session.payment_intent : null;
  const setup = typeof session.setup_intent === "object" ? session.setup_intent : null;
  return {
    customer: idOf(session.customer) ?? idOf(intent?.customer) ?? idOf(setup?.customer),
    paymentMethod: idOf(intent?.payment_method) ?? idOf(setup?.payment_method),
    paymentIntent: idOf(session.payment_intent),
    paidPence: session.mode === "payment" ? (session.amount_total ?? 0) : 0,
  };
}

const settledStatus = (row: Row<"booking_payments">): PaymentStatus => (row.kind === "card" ? "card_saved" : "paid");

function paymentLine(row: Row<"booking_payments">) {
  if (row.kind === "card") return "Card on file: saved (nothing charged)";
  return `Paid online: ${formatPence(row.amount_pence)} (${row.kind === "deposit" ? "deposit" : "paid in full"})`;
}

/**
 * Confirms the booking a completed Checkout session paid for; any number of calls (the webhook's job, its
 * replays, the success page) confirm it once. A payment that arrives after the booking expired takes its time
 * back if still free, and is otherwise refunded in full.
 */
export async function settleCheckout(ctx: Ctx, sessionId: string, now: Date = clockNow()) {
  const keys = await requireKeys(ctx);
  const session = await retrieveCheckoutSession(stripeClient(ctx.config, keys), sessionId);
  if (session.status !== "complete") return;
  const card = savedCard(session);
  const [shop, team] = await Promise.all([loadSettings(ctx.db), loadSchedules(ctx.db)]);
  await ctx.db.transaction().execute(async (trx) => {
    // A fee paid through the link mailed after a declined card: recorded as charged, once.
    const fee = await trx
      .updateTable("booking_payments")
      .set({
        charge_state: "charged",
        status: "charged",
        charged_pence: session.amount_total ?? 0,
        charge_intent_id: card.paymentIntent,
        charged_at: now.toISOString(),
      })
      .where("fee_session_id", "=", sessionId)
      .where("charge_state", "is", null)
      .executeTakeFirst();
    if (fee.numUpdatedRows > 0n) return;
    const row = await trx
      .selectFrom("booking_payments")
      .selectAll()
      .where("checkout_session_id", "=", sessionId)
      .executeTakeFirst();
    if (!row) return;
    const settled = await trx
      .updateTable("booking_payments")
      .set({
        status: settledStatus(row),
        stripe_customer_id: card.customer,
        stripe_payment_method_id: card.paymentMethod,
        stripe_payment_intent_id: card.paymentIntent,
        paid_pence: card.paidPence,
        paid_at: now.toISOString(),
      })
      .where("booking_id", "=", row.booking_id)
      .where("status", "in", ["awaiting", "expired"])
      .executeTakeFirst();
    if (settled.numUpdatedRows === 0n) return;
    const booking = await loadBooking(trx, { id: row.booking_id });
    if (!booking) return;
    if (booking.status === "expired") {
      try {
        const slotId = await claimComputedTime(
          trx,
          {
            date: booking.date,
            startTime: booking.startTime,
            lengthMinutes: booking.durationMinutes,
            candidates: team.filter((member) => member.id === booking.memberId),
          },
          shop,
          now,
        );
        await trx.updateTable("bookings").set({ slot_id: slotId }).where("id", "=", booking.id).execute();
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        await trx
          .updateTable("booking_payments")
          .set({ status: card.paidPence > 0 ? "refunded" : "expired" })
          .where("booking_id", "=", booking.id)
          .execute();
        await queueRefund(trx, booking.id, card.paidPence, "late-payment", `refund-late-${booking.id}`, now);
        return;
      }
    }
    await trx
      .updateTable("bookings")
      .set({ status: "confirmed" })
      .where("id", "=", booking.id)
      .where("status", "in", ["awaiting_payment", "expired"])
      .execute();
    await cancelJobs(trx, expiryKey(booking.id));
    const confirmed = { ...booking, status: "confirmed" as const, paymentLine: paymentLine(row) };
    // A booking held for payment before bookings kept their sealed token: the payment row's (the same seal) serves.
    await trx
      .updateTable("bookings")
      .set({ manage_token_sealed: row.manage_token_sealed })
      .where("id", "=", booking.id)
      .where("manage_token_sealed", "is", null)
      .execute();
    await queueBookingMails(trx, confirmed, now);
  });
  nudgeJobWorkers();
}

/** The success page's lookup: the booking a session paid for, confirmed first when the webhook is late. */
export async function checkoutOutcome(ctx: Ctx, sessionId: string, now: Date = clockNow()) {
  const find = () =>
    ctx.db
      .selectFrom("booking_payments as p")
      .innerJoin("bookings as b", "b.id", "p.booking_id")
      .select(["b.reference", "b.status", "p.status as paymentStatus", "p.checkout_url", "p.expires_at"])
      .where("p.checkout_session_id", "=", sessionId)
      .executeTakeFirst();
  const before = await find();
  if (!before) throw notFound("Booking");
  if (before.status === "awaiting_payment" || before.status === "expired") {
    await settleCheckout(ctx, sessionId, now).catch((error: unknown) => {
      if (!(error instanceof StripeUnavailableError)) throw error;
    });
  }
  return (await find()) ?? before;
}

/** The cancel_url's lookup: where an unpaid booking stands, by its reference (no personal data). */
export async function pendingByReference(db: Db, reference: string) {
  return db
    .selectFrom("booking_payments as p")
    .innerJoin("bookings as b", "b.id", "p.booking_id")
    .select(["b.reference", "b.status", "p.status as paymentStatus", "p.checkout_url", "p.expires_at"])
    .where("b.reference", "=", reference)
    .executeTakeFirst();
}

/**
 * Expires a booking still unpaid (its job at `expiresAt`, or Stripe's checkout.session.expired): its time is
 * offered again, the customer is told, and the Checkout session closed so it cannot be paid any more.
 */
export async function expireUnpaid(ctx: Ctx, bookingId: number, now: Date = clockNow()) {
  const expired = await ctx.db.transaction().execute(async (trx) => {
    const booking = await trx
      .updateTable("bookings")
      .set({ status: "expired" })
      .where("id", "=", bookingId)
      .where("status", "=", "awaiting_payment")
      .returning("slot_id")
      .executeTakeFirst();
    if (!booking) return undefined;
    await trx
      .updateTable("booking_payments")
      .set({ status: "expired" })
      .where("booking_id", "=", bookingId)
      .where("status", "=", "awaiting")
      .execute();
    await freeSlot(trx, booking.slot_id);
    await cancelJobs(trx, expiryKey(bookingId));
    const record = await loadBooking(trx, { id: bookingId });
    if (record) await queuePaymentMail(trx, mailAbout(record, "expired", 0), now);
    return trx
      .selectFrom("booking_payments")
      .select("checkout_session_id")
      .where("booking_id", "=", bookingId)
      .executeTakeFirst();
  });
  nudgeJobWorkers();
  const keys = await stripeKeys(ctx);
  if (expired?.checkout_session_id && keys) {
    await expireCheckoutSession(stripeClient(ctx.config, keys), expired.checkout_session_id).catch(() => undefined);
  }
  return expired !== undefined;
}

/** Stripe's event, run by the job queue: a throw retries it later (Stripe down, database busy). */
export async function handleStripeEvent(ctx: Ctx, job: PaymentEventJob) {
  if (job.type === "checkout.session.completed" || job.type === "checkout.session.async_payment_succeeded") {
    await settleCheckout(ctx, job.sessionId);
  } else if (job.type === "checkout.session.expired") {
    const row = await ctx.db
      .selectFrom("booking_payments")
      .select("booking_id")
      .where("checkout_session_id", "=", job.sessionId)
      .executeTakeFirst();
    if (row) await expireUnpaid(ctx, row.booking_id);
  }
}

/** The refund job: asks Stripe with the row's Idempotency-Key, then records it and mails the customer. */
export async function runRefund(ctx: Ctx, { key }: RefundJob, now: Date = clockNow()) {
  const refund = await ctx.db
    .selectFrom("payment_refunds")
    .selectAll()
    .where("idempotency_key", "=", key)
    .executeTakeFirst();
  if (!refund || refund.state === "done") return;
  const payment = await findPayment(ctx.db, refund.booking_id);
  const intent = payment?.stripe_payment_intent_id ?? payment?.charge_intent_id;
  if (!intent) throw new Error(`Refund ${key}: the booking has no payment to refund`);
  const keys = await requireKeys(ctx);
  const made = await refundPayment(stripeClient(ctx.config, keys), {
    paymentIntent: intent,
    amountPence: refund.amount_pence,
    idempotencyKey: key,
  });
  await ctx.db.transaction().execute(async (trx) => {
    const recorded = await trx
      .updateTable("payment_refunds")
      .set({ state: "done", stripe_refund_id: made.id })
      .where("idempotency_key", "=", key)
      .where("state", "=", "pending")
      .executeTakeFirst();
    if (recorded.numUpdatedRows === 0n) return;
    const booking = await loadBooking(trx, { id: refund.booking_id });
    const kind = refund.reason === "late-payment" ? "late-refund" : "refund";
    if (booking) await queuePaymentMail(trx, mailAbout(booking, kind, refund.amount_pence), now);
  });
  nudgeJobWorkers();
}

/**
 * POST /api/bookings/{id}/charge: the no-show fee on the saved card, off-session, once per booking. The row is
 * claimed ("charging") before Stripe is asked, so two clicks cannot charge twice; a refusal releases it.
 */
export async function chargeNoShowFee(ctx: Ctx, bookingId: number, reason: FeeReason, now: Date = clockNow()) {
  const booking = await loadBooking(ctx.db, { id: bookingId });
  if (!booking) throw notFound("Booking");
  const payment = await findPayment(ctx.db, bookingId);
  if (!payment?.stripe_customer_id || !payment.stripe_payment_method_id) throw conflict(NO_CARD_MESSAGE);
  if (payment.charge_state !== null) throw conflict(ALREADY_CHARGED_MESSAGE);
  const [shop, rules] = await Promise.all([loadSettings(ctx.db), loadPaymentRules(ctx.db)]);
  if ((await feeReasonOfBooking(ctx.db, bookingId)) !== reason) throw conflict(NOT_CHARGEABLE_MESSAGE);
  if (rules.noShowFeePence <= 0) throw conflict("Set a no-show fee in Settings → Payments first.");
  const keys = await requireKeys(ctx);
  const claimed = await ctx.db
    .updateTable("booking_payments")
    .set({ charge_state: "charging" })
    .where("booking_id", "=", bookingId)
    .where("charge_state", "is", null)
    .executeTakeFirst();
  if (claimed.numUpdatedRows === 0n) throw conflict(ALREADY_CHARGED_MESSAGE);
  try {
    const intent = await chargeOffSession(stripeClient(ctx.config, keys), {
      amountPence: rules.noShowFeePence,
      customer: payment.stripe_customer_id,
      paymentMethod: payment.stripe_payment_method_id,
      description: `${shop.shopName}: ${reason} fee (${booking.reference})`,
      // One key per attempt: a declined attempt's key would replay its decline.
      idempotencyKey: `charge-${bookingId}-${now.getTime()}`,
    });
    await ctx.db
      .updateTable("booking_payments")
      .set({
        charge_state: "charged",
        status: "charged",
        charged_pence: rules.noShowFeePence,
        charge_reason: reason,
        charge_intent_id: intent.id,
        charged_at: now.toISOString(),
      })
      .where("booking_id", "=", bookingId)
      .execute();
  } catch (error) {
    await ctx.db
      .updateTable("booking_payments")
      .set({ charge_state: null })
      .where("booking_id", "=", bookingId)
      .execute();
    if (error instanceof StripeUnavailableError) throw new HttpError(503, paymentUnavailableMessage(shop.phone));
    throw error;
  }
  return loadPaymentView(ctx.db, bookingId);
}

/** POST /api/bookings/{id}/refund: all that was paid (and not yet refunded), or `amountPence` of it. */
export async function refundByAdmin(ctx: Ctx, bookingId: number, amountPence?: number, now: Date = clockNow()) {
  const payment = await findPayment(ctx.db, bookingId);
  if (!payment) throw notFound("Payment");
  await requireKeys(ctx);
  const refundable = payment.paid_pence + payment.charged_pence - (await refundedPence(ctx.db, bookingId));
  if (refundable <= 0) throw conflict(NOTHING_TO_REFUND_MESSAGE);
  const amount = amountPence ?? refundable;
  if (amount > refundable) throw badRequest(`At most ${formatPence(refundable)} can be refunded.`);
  await ctx.db.transaction().execute(async (trx) => {
    if (amount === refundable) {
      await trx
        .updateTable("booking_payments")
        .set({ status: "refunded" })
        .where("booking_id", "=", bookingId)
        .execute();
    }
    const key = `refund-admin-${bookingId}-${now.getTime()}`;
    await queueRefund(trx, bookingId, amount, "by-shop", key, now);
  });
  nudgeJobWorkers();
  return loadPaymentView(ctx.db, bookingId);
}

/**
 * POST /api/bookings/{id}/payment-link: after a declined card, the owner mails the customer a Checkout link for
 * the fee; paying it records the fee as charged (settleCheckout), once.
 */
export async function mailFeeLink(ctx: Ctx, bookingId: number, now: Date = clockNow()) {
  const booking = await loadBooking(ctx.db, { id: bookingId });
  if (!booking) throw notFound("Booking");
  const payment = await findPayment(ctx.db, bookingId);
  if (!payment) throw conflict(NO_CARD_MESSAGE);
  if (payment.charge_state !== null) throw conflict(ALREADY_CHARGED_MESSAGE);
  const [shop, rules] = await Promise.all([loadSettings(ctx.db), loadPaymentRules(ctx.db)]);
  if (rules.noShowFeePence <= 0) throw conflict("Set a no-show fee in Settings → Payments first.");
  const keys = await requireKeys(ctx);
  const back = `${ctx.config.publicUrl}/bookings/paid`;
  let session: Stripe.Checkout.Session;
  try {
    session = await createCheckoutSession(stripeClient(ctx.config, keys), {
      mode: "payment",
      purpose: "fee",
      customer: payment.stripe_customer_id ?? undefined,
      reference: booking.reference,
      amountPence: rules.noShowFeePence,
      description: `${shop.shopName}: fee (${booking.reference})`,
      customerEmail: booking.customerEmail,
      successUrl: `${back}?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${ctx.config.publicUrl}/`,
      // Stripe's own expiry, on real time whatever the shop's clock says (decision 026); under its 24-hour most.
      expiresAt: new Date(Date.now() + 23 * 3_600_000),
    });
  } catch (error) {
    if (error instanceof StripeUnavailableError) throw new HttpError(503, paymentUnavailableMessage(shop.phone));
    throw error;
  }
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable("booking_payments")
      .set({ fee_session_id: session.id })
      .where("booking_id", "=", bookingId)
      .execute();
    await queuePaymentMail(
      trx,
      { ...mailAbout(booking, "payment-link", rules.noShowFeePence), link: session.url ?? "" },
      now,
    );
  });
  nudgeJobWorkers();
  return loadPaymentView(ctx.db, bookingId);
}
