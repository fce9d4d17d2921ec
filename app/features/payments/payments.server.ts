import type Stripe from "stripe";
import type { AppContext } from "~/context";
import type { Db } from "~/db/client.server";
import type { PaymentStatus, Row } from "~/db/database";
import {
  claimComputedTime,
  freeSlot,
  loadBooking,
  loadSchedules,
  queueBookingMails,
} from "~/features/booking/index.server";
import { cancelJobs, enqueueJob, nudgeJobWorkers } from "~/features/jobs/index.server";
import { loadSettings } from "~/features/settings/index.server";
import { HttpError, badRequest, notFound } from "~/lib/http-error";
import { clockNow } from "~/lib/clock";
import { formatPence } from "~/lib/money";
import { recordMovement } from "./money-ledger.server";
import { expiryKey } from "./payment-hold.server";
import { requireStripeKeys, stripeKeys } from "./payment-settings.server";
import { claimRefund, queuePaymentMail } from "./payment-records.server";
import {
  StripeUnavailableError,
  expireCheckoutSession,
  retrieveCheckoutSession,
  stripeClient,
  verifiedEvent,
} from "./stripe.server";

/*
 * A booking's money after the booking (decision 029): Stripe's events received once and handed to the job
 * queue, the paid booking confirmed through one idempotent path (the webhook's job and the success page
 * both call settleCheckout, which writes the ledger's row), and the unpaid one expired by its job. Refunds are
 * in refunds.server.ts, the owner's no-show fee in fee-charges.server.ts.
 */

export const PAYMENT_EVENT_JOB = "payment-event";

const SIGNATURE_MESSAGE = "The Stripe-Signature header does not match this event.";

type Ctx = Pick<AppContext, "db" | "config">;

export interface PaymentEventJob {
  type: string;
  sessionId: string;
}

/**
 * POST /api/payments/webhook: the signature is checked on the raw body, the event id stored once (a replay
 * changes nothing) and the work queued in the same transaction, so an event answered 2xx is never lost.
 */
export async function receiveStripeEvent(ctx: Ctx, rawBody: Buffer, signature: string | undefined, now = clockNow()) {
  const keys = await requireStripeKeys(ctx);
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
  const keys = await requireStripeKeys(ctx);
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
      .returning("booking_id")
      .executeTakeFirst();
    if (fee) {
      const movement = { bookingId: fee.booking_id, paymentIntentId: card.paymentIntent, checkoutSessionId: sessionId };
      const amountPence = session.amount_total ?? 0;
      await recordMovement(
        trx,
        { ...movement, kind: "fee", method: "online", amountPence, idempotencyKey: `fee-link-${sessionId}` },
        now,
      );
      return;
    }
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
    if (card.paidPence > 0 && row.kind !== "card") {
      await recordMovement(
        trx,
        {
          kind: row.kind,
          method: "online",
          amountPence: card.paidPence,
          bookingId: row.booking_id,
          idempotencyKey: `paid-${row.booking_id}`,
          paymentIntentId: card.paymentIntent,
          checkoutSessionId: sessionId,
        },
        now,
      );
    }
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
        const late = { bookingId: booking.id, amountPence: card.paidPence, reason: "late-payment" };
        await claimRefund(trx, { ...late, key: `refund-late-${booking.id}` }, now);
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
    if (record) await queuePaymentMail(trx, record, { kind: "expired", amountPence: 0 }, now);
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
