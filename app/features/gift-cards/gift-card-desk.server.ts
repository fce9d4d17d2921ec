import type { AppContext } from "~/context";
import { nudgeJobWorkers } from "~/features/jobs/index.server";
import { clockNow } from "~/lib/clock";
import { HttpError, notFound } from "~/lib/http-error";
import { toPence, toPounds } from "~/lib/money";
import { recordWithinLimits } from "~/lib/rate-limit.server";
import { loadGiftCardSettings } from "./gift-card-settings.server";
import { queueDeskGiftMail } from "./gift-card-purchases.server";
import {
  GIFT_CARD_NOT_FOUND,
  balanceOf,
  findCardByCode,
  issueCard,
  spendFromCard,
  unsealGiftCode,
  voidCard,
} from "./gift-cards.server";
import type { AdminGiftCard, GiftCardIssue } from "./gift-cards.schema";

/* Looking a card up (anyone, limited), and the owner's list, desk issue, desk payment and void. */

type Ctx = Pick<AppContext, "db" | "config">;

const LOOKUP_BUCKET = "gift-card-lookup";

/** How a card sold at the desk was paid, as the ledger names it; a goodwill card moved no money in. */
const DESK_LOAD_METHOD = { cash: "cash", reader: "card", none: "gift_card" } as const;
/** Ten look-ups an hour from one address: a person checks a balance; a script guessing codes gets nowhere. */
export const LOOKUPS_PER_HOUR = 10;

/**
 * GET /api/gift-cards/{code}: the balance, expiry and state. Every look-up is counted first; an unknown code
 * (well-formed or not) costs the same hash and query as a known one and answers the same shape of 404.
 */
export async function lookUpCard(ctx: Ctx, code: string, client: string, now: Date = clockNow()) {
  const limit = { bucket: LOOKUP_BUCKET, subject: client, max: LOOKUPS_PER_HOUR, windowMs: 60 * 60_000 };
  if (!(await recordWithinLimits(ctx.db, [limit], now)).allowed) {
    throw new HttpError(429, "Too many gift card look-ups from this address. Please try again in an hour.");
  }
  const card = await findCardByCode(ctx.db, code);
  if (!card) throw new HttpError(404, GIFT_CARD_NOT_FOUND);
  return balanceOf(card, now);
}

async function cardOrNotFound(ctx: Ctx, code: string) {
  const card = await findCardByCode(ctx.db, code);
  if (!card) throw notFound("Gift card");
  return card;
}

/** GET /api/gift-cards: every card, newest first, with its code, balance and history. */
export async function listCards(ctx: Ctx, now: Date = clockNow()): Promise<AdminGiftCard[]> {
  const [cards, movements] = await Promise.all([
    ctx.db.selectFrom("gift_cards").selectAll().orderBy("id", "desc").execute(),
    ctx.db
      .selectFrom("gift_card_movements as m")
      .leftJoin("bookings as b", "b.id", "m.booking_id")
      .select([
        "m.gift_card_id",
        "m.kind",
        "m.amount_pence",
        "m.balance_after_pence",
        "m.note",
        "m.created_at",
        "b.reference",
      ])
      .orderBy("m.id")
      .execute(),
  ]);
  return cards.map((card) => ({
    id: card.id,
    code: unsealGiftCode(ctx.config, card),
    initial: toPounds(card.initial_pence),
    ...balanceOf(card, now),
    source: card.source,
    recipientName: card.recipient_name,
    recipientEmail: card.recipient_email,
    reason: card.reason,
    issuedAt: card.issued_at,
    history: movements
      .filter((movement) => movement.gift_card_id === card.id)
      .map((movement) => ({
        kind: movement.kind,
        amount: toPounds(movement.amount_pence),
        balanceAfter: toPounds(movement.balance_after_pence),
        bookingReference: movement.reference ?? null,
        note: movement.note,
        at: movement.created_at,
      })),
  }));
}

/** POST /api/gift-cards/issue: a card sold at the desk (cash or the reader) or given by the shop. */
export async function issueAtDesk(ctx: Ctx, input: GiftCardIssue, idempotencyKey: string, now: Date = clockNow()) {
  const settings = await loadGiftCardSettings(ctx.db);
  const amountPence = toPence(input.amount);
  const key = `gift-card-desk-${idempotencyKey}`;
  const issued = await ctx.db.transaction().execute(async (trx) => {
    const earlier = await trx
      .selectFrom("gift_card_movements")
      .select("gift_card_id")
      .where("idempotency_key", "=", key)
      .executeTakeFirst();
    if (earlier) return { id: earlier.gift_card_id };
    const card = await issueCard(
      trx,
      ctx.config,
      {
        amountPence,
        source: "desk",
        recipientName: input.recipient.name,
        recipientEmail: input.recipient.email,
        reason: input.reason,
        validMonths: settings.validMonths,
        key,
        // A card the shop gives moved no money: the ledger notes it as the card's, not as cash.
        ledger: { kind: "gift_card_load", method: DESK_LOAD_METHOD[input.paidBy], amountPence },
      },
      now,
    );
    if (input.recipient.email) await queueDeskGiftMail(trx, card.id, now);
    return card;
  });
  nudgeJobWorkers();
  return (await listCards(ctx, now)).find((card) => card.id === issued.id)!;
}

/** POST /api/gift-cards/{code}/void: the owner cancels a card with a reason. */
export async function voidByCode(ctx: Ctx, code: string, reason: string, now: Date = clockNow()) {
  const card = await cardOrNotFound(ctx, code);
  await ctx.db.transaction().execute((trx) => voidCard(trx, card.id, reason, now));
  return (await listCards(ctx, now)).find((listed) => listed.id === card.id)!;
}

/**
 * POST /api/gift-cards/{code}/redeem: a payment at the desk from the card, once per Idempotency-Key; more than
 * the balance answers 409 with the balance left, however many are sent at once.
 */
export async function redeemAtDesk(
  ctx: Ctx,
  code: string,
  payment: { amount: number; note: string | null },
  idempotencyKey: string,
  now: Date = clockNow(),
) {
  const card = await cardOrNotFound(ctx, code);
  const key = `gift-card-redeem-${idempotencyKey}`;
  await ctx.db.transaction().execute(async (trx) => {
    const earlier = await trx
      .selectFrom("gift_card_movements")
      .select("gift_card_id")
      .where("idempotency_key", "=", key)
      .executeTakeFirst();
    if (earlier && earlier.gift_card_id !== card.id) {
      throw new HttpError(422, "This Idempotency-Key was used for another gift card.");
    }
    if (earlier) return;
    await spendFromCard(trx, { cardId: card.id, amountPence: toPence(payment.amount), note: payment.note, key }, now);
  });
  const after = await cardOrNotFound(ctx, code);
  return balanceOf(after, now);
}
