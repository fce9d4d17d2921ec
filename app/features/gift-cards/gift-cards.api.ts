import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { AppContext } from "~/context";
import { apiDoc, apiErrorSchema } from "~/lib/api-docs.server";
import { apiRouter, clientKey, parseInput, requestOf, requireAdmin } from "~/lib/api.server";
import { HttpError } from "~/lib/http-error";
import { issueAtDesk, listCards, lookUpCard, redeemAtDesk, voidByCode } from "./gift-card-desk.server";
import { startPurchase } from "./gift-card-purchases.server";
import {
  adminGiftCardSchema,
  checkoutStartSchema,
  giftCardBalanceSchema,
  giftCardIssueSchema,
  giftCardPurchaseSchema,
  giftCardRedeemSchema,
  giftCardVoidSchema,
} from "./gift-cards.schema";

/* /api/gift-cards (issue 34): buying online, the balance by code, and the owner's list, issue, payment and void. */

const refusedSpend = z.object({ message: z.string(), balance: z.number().optional() });

export function giftCardsApi(ctx: AppContext) {
  const router = apiRouter();

  const buy = apiDoc({
    summary:
      "Buy a gift card: opens a Stripe Checkout session (mode=payment, GBP) on the shop's account; the card is issued and mailed when Stripe's checkout.session.completed arrives",
    body: giftCardPurchaseSchema,
    responses: {
      201: ["Where to pay, and until when", checkoutStartSchema],
      404: ["Gift cards are not on sale online (switched off, or Stripe not set up)", apiErrorSchema],
      429: ["Too many purchases from this address or buyer in the last hour", apiErrorSchema],
      503: ["Stripe did not answer; nothing was taken", apiErrorSchema],
    },
  });
  router.post("/", buy, async (req, res) => {
    const purchase = parseInput(giftCardPurchaseSchema, req.body);
    res.status(201).json(await startPurchase(requestOf(res), purchase, clientKey(req)));
  });

  const list = apiDoc({
    summary: "Every gift card, newest first, with its code, balance, state and history",
    responses: { 200: ["The cards", z.array(adminGiftCardSchema)] },
  });
  router.get("/", list, requireAdmin, async (_req, res) => {
    res.json(await listCards(ctx));
  });

  const issue = apiDoc({
    summary:
      "Issue a card at the desk (sold for cash or on the card reader) or as the shop's gift (`paidBy: none`); mailed when the recipient has an address. An `Idempotency-Key` header makes a repeat answer the same card",
    body: giftCardIssueSchema,
    responses: { 201: ["The card", adminGiftCardSchema] },
  });
  router.post("/issue", issue, requireAdmin, async (req, res) => {
    const input = parseInput(giftCardIssueSchema, req.body);
    res.status(201).json(await issueAtDesk(ctx, input, req.get("idempotency-key") ?? randomUUID()));
  });

  const balance = apiDoc({
    summary: "A card's balance, expiry and state by its code; at most 10 look-ups an hour from one address",
    responses: {
      200: ["The card", giftCardBalanceSchema],
      404: ["No card has this code", apiErrorSchema],
      429: ["More than 10 look-ups from this address in the last hour", apiErrorSchema],
    },
  });
  router.get("/:code", balance, async (req, res) => {
    res.set("Cache-Control", "no-store");
    res.json(await lookUpCard(ctx, String(req.params.code), clientKey(req)));
  });

  const cancel = apiDoc({
    summary: "Void a card, with a reason: what was left is written off and it can no longer be spent",
    body: giftCardVoidSchema,
    responses: {
      200: ["The card, void", adminGiftCardSchema],
      409: ["Already void", apiErrorSchema],
    },
  });
  router.post("/:code/void", cancel, requireAdmin, async (req, res) => {
    const { reason } = parseInput(giftCardVoidSchema, req.body);
    res.json(await voidByCode(ctx, String(req.params.code), reason));
  });

  const redeem = apiDoc({
    summary:
      "Take a payment at the desk from the card. Send an `Idempotency-Key` header (one per payment): a repeat with the same key takes nothing more",
    body: giftCardRedeemSchema,
    responses: {
      200: ["The card's balance after the payment", giftCardBalanceSchema],
      400: ["No Idempotency-Key header, or a wrong amount", apiErrorSchema],
      409: ["Not enough left (the answer says the balance), expired or void", refusedSpend],
      422: ["The Idempotency-Key was used for another card", apiErrorSchema],
    },
  });
  router.post("/:code/redeem", redeem, requireAdmin, async (req, res) => {
    const payment = parseInput(giftCardRedeemSchema, req.body);
    const key = req.get("idempotency-key");
    if (!key || key.length > 200) throw new HttpError(400, "Send an Idempotency-Key header (one per payment).");
    res.json(await redeemAtDesk(ctx, String(req.params.code), payment, key));
  });
  return router;
}
