import { jobMessageId, type JobHandler, type JobHandlers } from "~/features/jobs/jobs.server";
import { loadSettings } from "~/features/settings/settings.server";
import { GIFT_CARD_MAIL_JOB, giftCardMail, type GiftCardMailJob } from "./gift-card-mail.server";
import { GIFT_CARD_CHECKOUT_JOB, issuePurchase } from "./gift-card-purchases.server";
import { unsealGiftCode } from "./gift-cards.server";

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
    const message = giftCardMail(ctx.config, await loadSettings(ctx.db), {
      kind,
      card,
      code: unsealGiftCode(ctx.config, card),
      purchase,
    });
    if (message) await ctx.mailer.send({ ...message, messageId: jobMessageId(ctx, job) });
  },
};

export const giftCardJobHandlers: JobHandlers = {
  [GIFT_CARD_CHECKOUT_JOB]: checkoutEvent,
  [GIFT_CARD_MAIL_JOB]: mail,
};
