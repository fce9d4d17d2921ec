import { z } from "zod";
import type { AppContext } from "~/context";
import { apiDoc, apiErrorSchema, type ApiDoc } from "~/lib/api-docs.server";
import { apiRouter, parseId, requireAdmin, requestOf } from "~/lib/api.server";
import { limitedRawBody } from "~/lib/request-body.server";
import {
  OWNER_PAYMENT_ACTIONS,
  bookingPaymentSchema,
  chargeRequestSchema,
  refundRequestSchema,
  type OwnerPaymentAction,
} from "./payments.schema";
import { monthMoney } from "./money-ledger.server";
import { checkoutOutcome } from "~/features/booking/index.server";
import { receiveStripeEvent } from "./payments.server";
import { ownerPaymentAction } from "./owner-payments.server";

/*
 * /api/payments: Stripe's webhook, the success page's lookup and the month's summary;
 * /api/bookings/{id}/charge|refund|keep-deposit|payment-link for the owner.
 */

/** Stripe's events are small; the bound keeps a flood of large bodies from costing memory. */
export const WEBHOOK_BODY_LIMIT = 256 * 1024;

/** Mounted before the API's JSON parser: the signature is over the raw bytes. */
export function paymentsWebhookApi(ctx: AppContext) {
  const router = apiRouter();
  const webhook = apiDoc({
    summary: "Stripe's events (signed with STRIPE_WEBHOOK_SECRET): checkout.session.completed and .expired",
    tag: "payments",
    responses: {
      200: ["Received (a replayed event changes nothing)", z.object({ received: z.boolean() })],
      400: ["Missing or wrong Stripe-Signature, or payments not set up; nothing changed", apiErrorSchema],
    },
  });
  router.post("/webhook", webhook, limitedRawBody(WEBHOOK_BODY_LIMIT), async (req, res) => {
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    await receiveStripeEvent(ctx, body, req.get("stripe-signature"));
    res.json({ received: true });
  });
  return router;
}

const checkoutOutcomeSchema = z.object({
  reference: z.string(),
  status: z.enum(["confirmed", "cancelled", "awaiting_payment", "expired"]),
  paymentStatus: bookingPaymentSchema.shape.status,
});

export function paymentsApi(ctx: AppContext) {
  const router = apiRouter();
  const outcome = apiDoc({
    summary: "Where a Checkout session's booking stands (the success page); asks Stripe when the webhook is late",
    tag: "payments",
    responses: { 200: ["The booking's reference and status", checkoutOutcomeSchema] },
  });
  const summary = apiDoc({
    summary:
      "This month's deposits and prepayments taken, no-show fees charged, refunds made and deposits kept (pounds), from the ledger",
    tag: "payments",
    responses: {
      200: [
        "The month's totals",
        z.object({ deposits: z.number(), fees: z.number(), refunds: z.number(), kept: z.number() }),
      ],
    },
  });
  router.get("/summary", summary, requireAdmin, async (_req, res) => {
    res.json(await monthMoney(ctx.db));
  });
  router.get("/checkout/:sessionId", outcome, async (req, res) => {
    const found = await checkoutOutcome(requestOf(res), String(req.params.sessionId));
    res.set("Cache-Control", "no-store");
    res.json({ reference: found.reference, status: found.status, paymentStatus: found.paymentStatus });
  });
  return router;
}

/** What each owner action takes and answers, for the API reference. */
const OWNER_ACTION_DOCS: Record<OwnerPaymentAction, ApiDoc> = {
  charge: {
    summary: "Charge the no-show fee to the saved card (once; a no-show or a late cancellation by the customer)",
    body: chargeRequestSchema,
    responses: {
      200: ["Charged: the booking's payment (the customer is mailed)", bookingPaymentSchema],
      402: ["The bank declined or needs the customer: its reason; nothing was charged", apiErrorSchema],
      409: [
        "Already charged (or being charged), no card on file, or not a no-show / late cancellation",
        apiErrorSchema,
      ],
      503: ["Stripe did not answer: the charge is checked with Stripe by a job within minutes", apiErrorSchema],
    },
  },
  refund: {
    summary:
      "Refund all that is left to refund on the booking, or `amount` pounds of it, at Stripe. Send an `Idempotency-Key` header (one per refund the owner means): a repeat with the same key answers the first answer and refunds nothing more",
    body: refundRequestSchema,
    responses: {
      200: ["The booking's payment, with the refund counted", bookingPaymentSchema],
      400: ["More than is left to refund (the database refuses it, whoever else refunds at once)", apiErrorSchema],
      409: ["Nothing paid to refund, or Stripe refused the refund (its reason; nothing was refunded)", apiErrorSchema],
      422: ["The Idempotency-Key was used for another refund", apiErrorSchema],
    },
  },
  "keep-deposit": {
    summary: "Keep the paid deposit of a no-show or a late cancellation (nothing is refunded)",
    responses: {
      200: ["The booking's payment, kept", bookingPaymentSchema],
      409: ["Not paid, or not a no-show / late cancellation", apiErrorSchema],
    },
  },
  "payment-link": {
    summary: "Mail the customer a Checkout link for the no-show fee (after the saved card was declined)",
    responses: {
      200: ["Mailed: the booking's payment", bookingPaymentSchema],
      409: ["Already charged, or no fee set", apiErrorSchema],
    },
  },
};

/** Mounted on /api/bookings: the owner's actions on a booking's money, each through ownerPaymentAction. */
export function bookingMoneyApi(_ctx: AppContext) {
  const router = apiRouter();
  for (const action of OWNER_PAYMENT_ACTIONS) {
    router.post(`/:id/${action}`, apiDoc(OWNER_ACTION_DOCS[action]), requireAdmin, async (req, res) => {
      const id = parseId(req.params.id, "Booking");
      res.json(await ownerPaymentAction(requestOf(res), id, action, req.body ?? {}, req.get("idempotency-key")));
    });
  }
  return router;
}
