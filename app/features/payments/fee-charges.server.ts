import { randomUUID } from "node:crypto";
import type Stripe from "stripe";
import type { RequestContext } from "~/context";
import type { Db } from "~/db/client.server";
import type { Row } from "~/db/database";
import { loadBooking } from "~/features/booking/index.server";
import { cancelJobs, enqueueJob, nudgeJobWorkers } from "~/features/jobs/index.server";
import { clockNow } from "~/lib/clock";
import { HttpError, conflict, notFound } from "~/lib/http-error";
import { recordMovement } from "./money-ledger.server";
import { paymentUnavailableMessage } from "./payment-checkout.server";
import {
  RECONCILE_AFTER_MS,
  RECONCILE_ATTEMPTS,
  feeReasonOfBooking,
  findPayment,
  loadPaymentView,
  queuePaymentMail,
} from "./payment-records.server";
import { loadPaymentRules, requireStripeKeys, type StripeKeys } from "./payment-settings.server";
import type { FeeReason } from "./payments.schema";
import {
  ChargeRefusedError,
  StripeUnavailableError,
  chargeOffSession,
  createCheckoutSession,
  listCustomerPayments,
  retrievePaymentIntent,
  stripeClient,
} from "./stripe.server";

/*
 * The owner's no-show fee (issue 30): the charge is recorded as intended before Stripe is asked (the booking's
 * payment "charging" with the charge's Idempotency-Key, and in the same transaction its reconciling job, due a
 * few minutes later). Stripe's answer settles it: charged (the ledger's row, the customer's mail) or refused
 * (released, to charge again or mail a link). When the answer never comes (Stripe slow, the server killed), the
 * job sends the same request with the same key, so Stripe answers what it did the first time, and settles that.
 */

type Ctx = Pick<RequestContext, "db" | "config" | "settings" | "contentVersion">;

export const PAYMENT_CHARGE_CHECK_JOB = "payment-charge-check";

const ALREADY_CHARGED_MESSAGE = "The fee for this booking has already been charged.";
const NO_CARD_MESSAGE = "This booking has no card on file to charge.";
const NOT_CHARGEABLE_MESSAGE =
  "A fee can only be charged for a booking marked as a no-show, or cancelled by the customer inside the cancellation notice.";
const NO_FEE_MESSAGE = "Set a no-show fee in Settings → Payments first.";
const chargeUncertainMessage = (phone: string) =>
  `Stripe did not answer in time. The charge is being checked with Stripe and its outcome will show here within a few minutes; nothing more needs doing. ${paymentUnavailableMessage(phone)}`;

/** The charge as asked of Stripe: its reconciling job asks again with exactly this. */
export interface ChargeRequest {
  bookingId: number;
  key: string;
  amountPence: number;
  reason: FeeReason;
  description: string;
}

const checkJobKey = (bookingId: number) => `charge-check-${bookingId}`;

async function settleCharged(db: Db, request: ChargeRequest, intentId: string, now: Date) {
  await db.transaction().execute(async (trx) => {
    const charged = await trx
      .updateTable("booking_payments")
      .set({
        charge_state: "charged",
        status: "charged",
        charged_pence: request.amountPence,
        charge_reason: request.reason,
        charge_intent_id: intentId,
        charged_at: now.toISOString(),
      })
      .where("booking_id", "=", request.bookingId)
      .where("charge_key", "=", request.key)
      .where("charge_state", "=", "charging")
      .executeTakeFirst();
    if (charged.numUpdatedRows === 0n) return;
    await recordMovement(
      trx,
      {
        kind: "fee",
        method: "card_on_file",
        amountPence: request.amountPence,
        bookingId: request.bookingId,
        idempotencyKey: request.key,
        paymentIntentId: intentId,
      },
      now,
    );
    const booking = await loadBooking(trx, { id: request.bookingId });
    if (booking) {
      await queuePaymentMail(
        trx,
        booking,
        { kind: "fee-charged", amountPence: request.amountPence, reason: request.reason },
        now,
      );
    }
    await cancelJobs(trx, checkJobKey(request.bookingId));
  });
  nudgeJobWorkers();
}

/** The bank said no: the fee can be charged again, or asked for by a payment link. */
async function releaseCharge(db: Db, request: ChargeRequest) {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("booking_payments")
      .set({ charge_state: null, charge_key: null })
      .where("booking_id", "=", request.bookingId)
      .where("charge_key", "=", request.key)
      .where("charge_state", "=", "charging")
      .execute();
    await cancelJobs(trx, checkJobKey(request.bookingId));
  });
}

/** Asks Stripe (again, with the same key) and settles its answer; ChargeRefusedError or StripeUnavailableError when not charged. */
async function askStripe(
  ctx: Ctx,
  keys: StripeKeys,
  payment: Row<"booking_payments">,
  request: ChargeRequest,
  now: Date,
) {
  const client = await stripeClient(ctx.config, keys);
  let intent: Stripe.PaymentIntent;
  try {
    intent = await chargeOffSession(client, {
      amountPence: request.amountPence,
      customer: payment.stripe_customer_id ?? "",
      paymentMethod: payment.stripe_payment_method_id ?? "",
      description: request.description,
      idempotencyKey: request.key,
    });
    // Stripe replays its first answer: a payment that was still processing then is asked about by its id.
    if (intent.status === "processing") intent = await retrievePaymentIntent(client, intent.id);
  } catch (error) {
    if (error instanceof ChargeRefusedError) await releaseCharge(ctx.db, request);
    throw error;
  }
  if (intent.status === "succeeded") return settleCharged(ctx.db, request, intent.id, now);
  if (intent.status === "processing") throw new StripeUnavailableError(`Payment ${intent.id} is still processing`);
  await releaseCharge(ctx.db, request);
  throw new ChargeRefusedError(`The card was not charged (Stripe: ${intent.status}).`);
}

/**
 * POST /api/bookings/{id}/charge: the no-show fee on the saved card, off-session, once per booking. The claim
 * ("charging") and its reconciling job commit before Stripe is asked, so two clicks cannot charge twice and a
 * crash in between leaves a job that finds out what Stripe did.
 */
export async function chargeNoShowFee(ctx: Ctx, bookingId: number, reason: FeeReason, now: Date = clockNow()) {
  const booking = await loadBooking(ctx.db, { id: bookingId });
  if (!booking) throw notFound("Booking");
  const payment = await findPayment(ctx.db, bookingId);
  if (!payment?.stripe_customer_id || !payment.stripe_payment_method_id) throw conflict(NO_CARD_MESSAGE);
  if (payment.charge_state !== null) throw conflict(ALREADY_CHARGED_MESSAGE);
  const [shop, rules] = await Promise.all([ctx.settings(), loadPaymentRules(ctx.db)]);
  if ((await feeReasonOfBooking(ctx, bookingId)) !== reason) throw conflict(NOT_CHARGEABLE_MESSAGE);
  if (rules.noShowFeePence <= 0) throw conflict(NO_FEE_MESSAGE);
  const keys = await requireStripeKeys(ctx);
  const request: ChargeRequest = {
    bookingId,
    // One key per attempt (a declined attempt's key would replay its decline), random: nothing from the clock.
    key: `charge-${bookingId}-${randomUUID()}`,
    amountPence: rules.noShowFeePence,
    reason,
    description: `${shop.shopName}: ${reason} fee (${booking.reference})`,
  };
  const claimed = await ctx.db.transaction().execute(async (trx) => {
    const claim = await trx
      .updateTable("booking_payments")
      .set({ charge_state: "charging", charge_key: request.key, charge_reason: reason })
      .where("booking_id", "=", bookingId)
      .where("charge_state", "is", null)
      .executeTakeFirst();
    if (claim.numUpdatedRows === 0n) return false;
    await enqueueJob(
      trx,
      {
        kind: PAYMENT_CHARGE_CHECK_JOB,
        payload: request,
        key: checkJobKey(bookingId),
        runAt: new Date(now.getTime() + RECONCILE_AFTER_MS),
        maxAttempts: RECONCILE_ATTEMPTS,
      },
      now,
    );
    return true;
  });
  if (!claimed) throw conflict(ALREADY_CHARGED_MESSAGE);
  try {
    await askStripe(ctx, keys, payment, request, now);
  } catch (error) {
    if (error instanceof StripeUnavailableError) throw new HttpError(503, chargeUncertainMessage(shop.phone));
    throw error;
  }
  return loadPaymentView(ctx.db, bookingId);
}

/**
 * The reconciling job of a charge: when the booking is still "charging" with this key (the request that asked
 * Stripe never heard back, or the server died), asks Stripe again with the same key and settles its answer.
 * Stripe still unreachable: a throw, and the queue tries again later.
 */
export async function reconcileCharge(ctx: Ctx, request: ChargeRequest | LegacyChargeCheck, now: Date = clockNow()) {
  if (request.key === null) return reconcileUnkeyedCharge(ctx, request.bookingId, now);
  const payment = await findPayment(ctx.db, request.bookingId);
  if (payment?.charge_state !== "charging" || payment.charge_key !== request.key) return;
  const keys = await requireStripeKeys(ctx);
  try {
    await askStripe(ctx, keys, payment, request, now);
  } catch (error) {
    if (!(error instanceof ChargeRefusedError)) throw error;
  }
}

/** A charge left "charging" before charges kept their key (migration 019 queues its check). */
export interface LegacyChargeCheck {
  bookingId: number;
  key: null;
}

/**
 * A charge whose key was never stored (made from the clock, before migration 019): Stripe is asked for the
 * customer's payments, and the fee is the one whose description names the booking, as the charge wrote it.
 * Found: settled as charged; not found: released, so the owner can charge it or mail a link.
 */
async function reconcileUnkeyedCharge(ctx: Ctx, bookingId: number, now: Date) {
  const [payment, booking] = await Promise.all([
    findPayment(ctx.db, bookingId),
    loadBooking(ctx.db, { id: bookingId }),
  ]);
  if (payment?.charge_state !== "charging" || payment.charge_key !== null || !booking) return;
  const keys = await requireStripeKeys(ctx);
  const made = payment.stripe_customer_id
    ? (await listCustomerPayments(await stripeClient(ctx.config, keys), payment.stripe_customer_id)).find(
        (intent) =>
          intent.status === "succeeded" &&
          intent.id !== payment.stripe_payment_intent_id &&
          (intent.description ?? "").endsWith(`(${booking.reference})`),
      )
    : undefined;
  const key = `charge-${bookingId}-before-019`;
  await ctx.db
    .updateTable("booking_payments")
    .set({ charge_key: key })
    .where("booking_id", "=", bookingId)
    .where("charge_state", "=", "charging")
    .where("charge_key", "is", null)
    .execute();
  const reason = payment.charge_reason === "late-cancellation" ? "late-cancellation" : "no-show";
  const request: ChargeRequest = { bookingId, key, amountPence: made?.amount ?? 0, reason, description: "" };
  if (made) await settleCharged(ctx.db, request, made.id, now);
  else await releaseCharge(ctx.db, request);
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
  const [shop, rules] = await Promise.all([ctx.settings(), loadPaymentRules(ctx.db)]);
  if (rules.noShowFeePence <= 0) throw conflict(NO_FEE_MESSAGE);
  const keys = await requireStripeKeys(ctx);
  const back = `${ctx.config.publicUrl}/bookings/paid`;
  let session: Stripe.Checkout.Session;
  try {
    session = await createCheckoutSession(await stripeClient(ctx.config, keys), {
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
      booking,
      { kind: "payment-link", amountPence: rules.noShowFeePence, link: session.url ?? "" },
      now,
    );
  });
  nudgeJobWorkers();
  return loadPaymentView(ctx.db, bookingId);
}
