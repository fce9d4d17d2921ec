import type Stripe from "stripe";
import type { RequestContext } from "~/context";
import type { Db } from "~/db/client.server";
import { customerFingerprint } from "~/features/customer-identity/index.server";
import { enqueueJob, nudgeJobWorkers } from "~/features/jobs/index.server";
import {
  StripeUnavailableError,
  callStripe,
  paymentUnavailableMessage,
  requireStripeKeys,
  retrieveCheckoutSession,
  stripeClient,
  stripeKeys,
} from "~/features/payments/index.server";
import { clockNow } from "~/lib/clock";
import { HttpError, badRequest } from "~/lib/http-error";
import { toPence } from "~/lib/money";
import { recordWithinLimits, type RateLimit } from "~/lib/rate-limit.server";
import { addDays, shopInstant, shopToday } from "~/lib/shop-time";
import { loadGiftCardSettings } from "./gift-card-settings.server";
import { GIFT_CARD_MAIL_JOB, type GiftCardMailJob } from "./gift-card-mail.server";
import { issueCard } from "./gift-cards.server";
import { SEND_ON_MAX_DAYS, type GiftCardPurchase } from "./gift-cards.schema";

/*
 * A gift card bought online (issue 34): the purchase is written, then its Checkout session opened on the
 * shop's own Stripe (mode=payment, GBP); the card is issued once Stripe's signed checkout.session.completed
 * has gone through the job queue (payments' webhook hands it here by the session's purpose), whatever the
 * number of deliveries: the purchase is claimed by a guarded update.
 */

/** The purpose written on the session's metadata: the webhook routes its events here by it. */
export const GIFT_CARD_PURPOSE = "gift-card";
export const GIFT_CARD_CHECKOUT_JOB = "gift-card-checkout";
const PURCHASE_BUCKET = "gift-card-purchase";
const HOUR_MS = 60 * 60_000;
/** Stripe's floor for a session's expiry is 30 minutes; an hour leaves the buyer time to find a card. */
const CHECKOUT_MINUTES = 60;
/** A gift mail set for a later day goes in the morning, the shop's time. */
const SEND_AT = "08:00";

type Ctx = Pick<RequestContext, "db" | "config" | "settings">;

const purchaseLimits = (ctx: Ctx, client: string, email: string): RateLimit[] => [
  { bucket: PURCHASE_BUCKET, subject: client, max: ctx.config.limits.bookingPerHour, windowMs: HOUR_MS },
  {
    bucket: PURCHASE_BUCKET,
    subject: `email:${customerFingerprint(ctx.config, email)}`,
    max: ctx.config.limits.bookingPerEmailPerHour,
    windowMs: HOUR_MS,
  },
];

/** The checks the schema cannot make: gift cards switched on, the owner's limits, the day within 90 days. */
async function checkPurchase(ctx: Ctx, purchase: GiftCardPurchase, now: Date) {
  const settings = await loadGiftCardSettings(ctx.db);
  if (!settings.enabled || !(await stripeKeys(ctx))) {
    throw new HttpError(404, "Gift cards are not on sale online at the moment.");
  }
  if (purchase.amount < settings.min || purchase.amount > settings.max) {
    throw badRequest(`Amount must be between £${settings.min} and £${settings.max}`, "amount");
  }
  const today = shopToday(now);
  if (purchase.sendOn && (purchase.sendOn < today || purchase.sendOn > addDays(today, SEND_ON_MAX_DAYS))) {
    throw badRequest(`Send on must be a date from today to ${SEND_ON_MAX_DAYS} days from now`, "sendOn");
  }
}

/**
 * POST /api/gift-cards and the page's form: the purchase and its Checkout session. Limited per address and per
 * buyer as bookings are; Stripe out of reach answers 503 with the shop's phone.
 */
export async function startPurchase(ctx: Ctx, purchase: GiftCardPurchase, client: string, now: Date = clockNow()) {
  await checkPurchase(ctx, purchase, now);
  const shop = await ctx.settings();
  if (!(await recordWithinLimits(ctx.db, purchaseLimits(ctx, client, purchase.buyer.email), now)).allowed) {
    throw new HttpError(
      429,
      `You have bought several gift cards recently. Please try again later or call us on ${shop.phone}.`,
    );
  }
  const amountPence = toPence(purchase.amount);
  const { id } = await ctx.db
    .insertInto("gift_card_purchases")
    .values({
      amount_pence: amountPence,
      buyer_name: purchase.buyer.name,
      buyer_email: purchase.buyer.email,
      recipient_name: purchase.recipient.name,
      recipient_email: purchase.recipient.email,
      message: purchase.message,
      send_on: purchase.sendOn && purchase.sendOn > shopToday(now) ? purchase.sendOn : null,
      status: "open",
      created_at: now.toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const keys = await requireStripeKeys(ctx);
  const back = `${ctx.config.publicUrl}/gift-cards`;
  // Stripe's own expiry runs on real time, whatever the shop's clock says (decision 026).
  const expiresAt = new Date(Date.now() + CHECKOUT_MINUTES * 60_000);
  let session: Stripe.Checkout.Session;
  try {
    const stripe = await stripeClient(ctx.config, keys);
    session = await callStripe(() =>
      stripe.checkout.sessions.create(
        {
          mode: "payment",
          currency: "gbp",
          client_reference_id: `gift-card-${id}`,
          customer_email: purchase.buyer.email,
          success_url: `${back}?paid={CHECKOUT_SESSION_ID}`,
          cancel_url: `${back}?cancelled=1`,
          expires_at: Math.floor(expiresAt.getTime() / 1000),
          metadata: { purpose: GIFT_CARD_PURPOSE, purchase: String(id) },
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: "gbp",
                unit_amount: amountPence,
                product_data: { name: `${shop.shopName} gift card for ${purchase.recipient.name}` },
              },
            },
          ],
        },
        { idempotencyKey: `gift-card-checkout-${id}` },
      ),
    );
  } catch (error) {
    if (error instanceof StripeUnavailableError) throw new HttpError(503, paymentUnavailableMessage(shop.phone));
    throw error;
  }
  if (!session.url) throw new HttpError(503, paymentUnavailableMessage(shop.phone));
  await ctx.db
    .updateTable("gift_card_purchases")
    .set({ checkout_session_id: session.id })
    .where("id", "=", id)
    .execute();
  return { checkoutUrl: session.url, expiresAt: expiresAt.toISOString() };
}

/** When a gift mail goes: at once, or on the morning of the day the buyer chose. */
const sendTime = (sendOn: string | null, now: Date) => (sendOn ? shopInstant(sendOn, SEND_AT) : now);

async function queueMail(trx: Db, job: GiftCardMailJob, runAt: Date, now: Date) {
  await enqueueJob(
    trx,
    { kind: GIFT_CARD_MAIL_JOB, payload: job, runAt, key: `gift-card-mail-${job.kind}-${job.cardId}` },
    now,
  );
}

/**
 * Issues the card a paid session bought, once: Stripe is asked for the session (the event's body is not
 * trusted), then the purchase is claimed open → issued by one guarded update, so ten deliveries of the event
 * (or ten events) issue one card. The buyer's receipt and the gift mail are queued with it.
 */
export async function issuePurchase(ctx: Ctx, sessionId: string, now: Date = clockNow()) {
  const keys = await requireStripeKeys(ctx);
  const session = await retrieveCheckoutSession(await stripeClient(ctx.config, keys), sessionId);
  if (session.status !== "complete" || session.payment_status !== "paid") return;
  const settings = await loadGiftCardSettings(ctx.db);
  const intent =
    typeof session.payment_intent === "string" ? session.payment_intent : (session.payment_intent?.id ?? null);
  await ctx.db.transaction().execute(async (trx) => {
    const purchase = await trx
      .updateTable("gift_card_purchases")
      .set({ status: "issued" })
      .where("checkout_session_id", "=", sessionId)
      .where("status", "=", "open")
      .returningAll()
      .executeTakeFirst();
    if (!purchase) return;
    // What Stripe took is what the card holds.
    const amountPence = session.amount_total ?? purchase.amount_pence;
    const card = await issueCard(
      trx,
      ctx.config,
      {
        amountPence,
        source: "online",
        recipientName: purchase.recipient_name,
        recipientEmail: purchase.recipient_email,
        reason: null,
        validMonths: settings.validMonths,
        key: `gift-card-purchase-${purchase.id}`,
        ledger: {
          kind: "gift_card_load",
          method: "online",
          amountPence,
          paymentIntentId: intent,
          checkoutSessionId: sessionId,
        },
      },
      now,
    );
    await trx.updateTable("gift_card_purchases").set({ gift_card_id: card.id }).where("id", "=", purchase.id).execute();
    await queueMail(trx, { kind: "receipt", cardId: card.id }, now, now);
    await queueMail(trx, { kind: "gift", cardId: card.id }, sendTime(purchase.send_on, now), now);
  });
  nudgeJobWorkers();
}

/** The page's "thank you" after Checkout: the card is issued here too when the webhook is late. */
export async function purchaseOutcome(ctx: Ctx, sessionId: string, now: Date = clockNow()) {
  const find = () =>
    ctx.db
      .selectFrom("gift_card_purchases")
      .select(["status", "amount_pence", "recipient_name", "recipient_email", "send_on"])
      .where("checkout_session_id", "=", sessionId)
      .executeTakeFirst();
  const before = await find();
  if (before?.status !== "open") return before;
  await issuePurchase(ctx, sessionId, now).catch((error: unknown) => {
    if (!(error instanceof StripeUnavailableError)) throw error;
  });
  return find();
}

/** Queues the gift mail of a card the owner issued at the desk to a recipient with an address. */
export const queueDeskGiftMail = (trx: Db, cardId: number, now: Date) =>
  queueMail(trx, { kind: "gift", cardId }, now, now);
