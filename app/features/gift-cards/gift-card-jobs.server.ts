import type { Db } from "~/db/client.server";
import { ensureJob, jobMessageId, type JobHandler, type JobHandlers } from "~/features/jobs/index.server";
import { clockNow } from "~/lib/clock";
import { addDays, shopInstant, shopToday } from "~/lib/shop-time";
import { GIFT_CARD_MAIL_JOB, giftCardMail, type GiftCardMailJob } from "./gift-card-mail.server";
import { GIFT_CARD_CHECKOUT_JOB, issuePurchase } from "./gift-card-purchases.server";
import { expireCards, unsealGiftCode } from "./gift-cards.server";

/* The gift-card side of the job queue: Stripe's events about a purchase, and the mails. A throw retries. */

/** What payments' webhook queues for a session of ours (the same shape as its own payment events). */
interface CheckoutEventJob {
  type: string;
  sessionId: string;
}

const checkoutEvent: JobHandler = {
  async run(ctx, payload) {
    const event = payload as CheckoutEventJob;
    if (event.type === "checkout.session.completed" || event.type === "checkout.session.async_payment_succeeded") {
      await issuePurchase(ctx, event.sessionId);
    }
  },
};

const mail: JobHandler = {
  async run(ctx, payload, job) {
    if (!ctx.mailer.enabled) return;
    const { kind, cardId } = payload as GiftCardMailJob;
    const card = await ctx.db.selectFrom("gift_cards").selectAll().where("id", "=", cardId).executeTakeFirst();
    if (!card) return;
    const purchase = await ctx.db
      .selectFrom("gift_card_purchases")
      .selectAll()
      .where("gift_card_id", "=", cardId)
      .executeTakeFirst();
    const message = giftCardMail(ctx.config, await ctx.settings(), {
      kind,
      card,
      code: unsealGiftCode(ctx.config, card),
      purchase,
    });
    if (message) await ctx.mailer.send({ ...message, messageId: jobMessageId(ctx, job) });
  },
};

const EXPIRY_JOB = "gift-card-expiry";
/** After midnight, the shop's time: a card is good for the whole of its last day. */
const EXPIRY_TIME = "03:10";
const nextExpiryRun = (now: Date) => shopInstant(addDays(shopToday(now), 1), EXPIRY_TIME);

/** Makes sure the nightly job exists; every instance calls this at start, and one job is kept. */
export async function scheduleGiftCardExpiry(db: Db, runAt: Date = clockNow()) {
  await ensureJob(db, { kind: EXPIRY_JOB, key: EXPIRY_JOB, payload: {}, runAt });
}

const expiry: JobHandler = {
  async run(ctx) {
    const now = clockNow();
    await expireCards(ctx.db, now);
    return { runAgainAt: nextExpiryRun(now) };
  },
  // A recurring job must not end with its last failure: it tries again the next night.
  async onFailure(ctx) {
    await scheduleGiftCardExpiry(ctx.db, nextExpiryRun(clockNow()));
  },
};

export const giftCardJobHandlers: JobHandlers = {
  [GIFT_CARD_CHECKOUT_JOB]: checkoutEvent,
  [GIFT_CARD_MAIL_JOB]: mail,
  [EXPIRY_JOB]: expiry,
};
