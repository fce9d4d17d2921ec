import express from "express";
import { z } from "zod";
import type { AppContext } from "~/context";
import { apiDoc, apiErrorSchema } from "~/lib/api-docs.server";
import { apiRouter, parseId, parseInput, requireAdmin } from "~/lib/api.server";
import { toPence } from "~/lib/money";
import { bookingPaymentSchema, chargeRequestSchema, refundRequestSchema } from "./payments.schema";
import { monthMoney } from "./payment-records.server";
import { checkoutOutcome, chargeNoShowFee, mailFeeLink, receiveStripeEvent, refundByAdmin } from "./payments.server";

/* /api/payments: Stripe's webhook and the success page's lookup; /api/bookings/{id}/charge|refund for the owner. */

/** Stripe's events are small; the bound keeps a flood of large bodies from costing memory. */
const WEBHOOK_BODY_LIMIT = "256kb";

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
  router.post("/webhook", webhook, express.raw({ type: () => true, limit: WEBHOOK_BODY_LIMIT }), async (req, res) => {
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    await receiveStripeEvent(ctx, body, req.get("stripe-signature"));
    res.json({ received: true });
  });
  const link = apiDoc({
    summary: "Mail the customer a Checkout link for the no-show fee (after the saved card was declined)",
    responses: {
      200: ["Mailed: the booking's payment", bookingPaymentSchema],
      409: ["Already charged, or no fee set", apiErrorSchema],
    },
  });
  router.post("/:id/payment-link", link, requireAdmin, async (req, res) => {
    res.json(await mailFeeLink(ctx, parseId(req.params.id, "Booking")));
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
    summary: "This month's deposits and prepayments taken, no-show fees charged and refunds made (pounds)",
    tag: "payments",
    responses: {
      200: ["The month's totals", z.object({ deposits: z.number(), fees: z.number(), refunds: z.number() })],
    },
  });
  router.get("/summary", summary, requireAdmin, async (_req, res) => {
    res.json(await monthMoney(ctx.db));
  });
  router.get("/checkout/:sessionId", outcome, async (req, res) => {
    const found = await checkoutOutcome(ctx, String(req.params.sessionId));
    res.set("Cache-Control", "no-store");
    res.json({ reference: found.reference, status: found.status, paymentStatus: found.paymentStatus });
  });
  const link = apiDoc({
    summary: "Mail the customer a Checkout link for the no-show fee (after the saved card was declined)",
    responses: {
      200: ["Mailed: the booking's payment", bookingPaymentSchema],
      409: ["Already charged, or no fee set", apiErrorSchema],
    },
  });
  router.post("/:id/payment-link", link, requireAdmin, async (req, res) => {
    res.json(await mailFeeLink(ctx, parseId(req.params.id, "Booking")));
  });
  return router;
}

/** Mounted on /api/bookings. */
export function bookingMoneyApi(ctx: AppContext) {
  const router = apiRouter();
  const charge = apiDoc({
    summary: "Charge the no-show fee to the saved card (once; a no-show or a late cancellation by the customer)",
    body: chargeRequestSchema,
    responses: {
      200: ["Charged: the booking's payment", bookingPaymentSchema],
      402: ["The bank declined or needs the customer: its reason; nothing was charged", apiErrorSchema],
      409: ["Already charged, no card on file, or not a no-show / late cancellation", apiErrorSchema],
    },
  });
  router.post("/:id/charge", charge, requireAdmin, async (req, res) => {
    const { reason } = parseInput(chargeRequestSchema, req.body);
    res.json(await chargeNoShowFee(ctx, parseId(req.params.id, "Booking"), reason));
  });
  const refund = apiDoc({
    summary: "Refund all that was paid on the booking, or `amount` pounds of it (by the job queue)",
    body: refundRequestSchema,
    responses: {
      200: ["The booking's payment, with the refund counted", bookingPaymentSchema],
      409: ["Nothing paid to refund", apiErrorSchema],
    },
  });
  router.post("/:id/refund", refund, requireAdmin, async (req, res) => {
    const { amount } = parseInput(refundRequestSchema, req.body ?? {});
    const pence = amount === undefined ? undefined : toPence(amount);
    res.json(await refundByAdmin(ctx, parseId(req.params.id, "Booking"), pence));
  });
  const link = apiDoc({
    summary: "Mail the customer a Checkout link for the no-show fee (after the saved card was declined)",
    responses: {
      200: ["Mailed: the booking's payment", bookingPaymentSchema],
      409: ["Already charged, or no fee set", apiErrorSchema],
    },
  });
  router.post("/:id/payment-link", link, requireAdmin, async (req, res) => {
    res.json(await mailFeeLink(ctx, parseId(req.params.id, "Booking")));
  });
  return router;
}
