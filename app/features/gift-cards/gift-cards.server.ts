import { createHash, randomInt } from "node:crypto";
import type { Config } from "~/config.server";
import type { Db } from "~/db/client.server";
import type { GiftCardMovementKind, GiftCardSource, MoneyKind, MoneyMethod, Row } from "~/db/database";
import { decryptSecret, encryptSecret } from "~/lib/secret-box.server";
import { recordMovement } from "~/features/payments/index.server";
import { HttpError, conflict } from "~/lib/http-error";
import { toPounds } from "~/lib/money";
import { shopToday } from "~/lib/shop-time";
import {
  GIFT_CODE_ALPHABET,
  GIFT_CODE_PATTERN,
  normaliseGiftCode,
  notEnoughBalanceMessage,
  type GiftCardBalance,
  type GiftCardState,
} from "./gift-cards.schema";

/*
 * A gift card's rows (decision 057): its code is found by a hash (the table never holds it in the clear) and
 * kept sealed for the mails and the owner; its balance changes only by a guarded UPDATE … WHERE balance >= x,
 * under a CHECK that keeps it within 0…initial, each change a row of the card's history and of the money
 * ledger, written in the same transaction and once by its key.
 */

/** What a card's code is sealed for (the shop file unseals and seals it again when a shop moves). */
export const GIFT_CODE_PURPOSE = "gift-card-code";
export const GIFT_CARD_NOT_FOUND = "Gift card not found";

/** 16 characters from a cryptographic source, in four groups: about 79 bits, nothing to guess. */
export function newGiftCode() {
  const characters = Array.from({ length: 16 }, () => GIFT_CODE_ALPHABET[randomInt(GIFT_CODE_ALPHABET.length)]);
  return characters.join("").match(/.{4}/g)!.join("-");
}

export const hashGiftCode = (code: string) => createHash("sha256").update(normaliseGiftCode(code)).digest("hex");

export const unsealGiftCode = (
  config: Pick<Config, "secretKey" | "dataDir">,
  card: Pick<Row<"gift_cards">, "code_sealed">,
) => decryptSecret(config, GIFT_CODE_PURPOSE, card.code_sealed) ?? "";

/** The card a typed code names, or undefined; a code that cannot be one is looked up all the same (same time). */
export function findCardByCode(db: Db, typed: string) {
  return db.selectFrom("gift_cards").selectAll().where("code_hash", "=", hashGiftCode(typed)).executeTakeFirst();
}

export const isWellFormedCode = (typed: string) => GIFT_CODE_PATTERN.test(normaliseGiftCode(typed));

/** The last day a card issued today can be spent: the same day `months` later (the month's last when shorter). */
export function expiryDate(today: string, months: number) {
  const [year, month, day] = today.split("-").map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}

export function cardState(
  card: Pick<Row<"gift_cards">, "status" | "balance_pence" | "expires_on">,
  now: Date,
): GiftCardState {
  if (card.status === "void") return "void";
  if (card.expires_on < shopToday(now)) return "expired";
  return card.balance_pence === 0 ? "used" : "active";
}

export const balanceOf = (card: Row<"gift_cards">, now: Date): GiftCardBalance => ({
  balance: toPounds(card.balance_pence),
  expiresAt: card.expires_on,
  status: cardState(card, now),
});

interface MovementRow {
  cardId: number;
  kind: GiftCardMovementKind;
  /** The card's balance change (spent and voided negative). */
  amountPence: number;
  balanceAfterPence: number;
  bookingId?: number | null;
  /** The till's sale the card paid (or was refunded) on, and its customer (decision 056). */
  saleId?: number | null;
  customerId?: number | null;
  note?: string | null;
  key: string;
  /** The ledger's row: its kind, how money moved, and the amount as the ledger counts it (money in positive). */
  ledger: {
    kind: MoneyKind;
    method: MoneyMethod;
    amountPence: number;
    paymentIntentId?: string | null;
    checkoutSessionId?: string | null;
  };
}

/** One row of the card's history and one of the ledger, under the same key. Pass the transaction. */
async function recordCardMovement(trx: Db, movement: MovementRow, now: Date) {
  await trx
    .insertInto("gift_card_movements")
    .values({
      gift_card_id: movement.cardId,
      kind: movement.kind,
      amount_pence: movement.amountPence,
      balance_after_pence: movement.balanceAfterPence,
      booking_id: movement.bookingId ?? null,
      note: movement.note ?? null,
      idempotency_key: movement.key,
      created_at: now.toISOString(),
    })
    .execute();
  await recordMovement(
    trx,
    {
      ...movement.ledger,
      bookingId: movement.bookingId ?? null,
      saleId: movement.saleId ?? null,
      ...(movement.customerId === undefined ? {} : { customerId: movement.customerId }),
      giftCardId: movement.cardId,
      idempotencyKey: movement.key,
    },
    now,
  );
}

export interface NewCard {
  amountPence: number;
  source: GiftCardSource;
  recipientName: string;
  recipientEmail: string | null;
  reason: string | null;
  validMonths: number;
  /** The movement's key: a purchase's or a desk issue's, so a retry issues nothing twice. */
  key: string;
  ledger: MovementRow["ledger"];
}

/** Issues a card in the caller's transaction: its code, its first history row, the ledger's load. */
export async function issueCard(trx: Db, config: Pick<Config, "secretKey" | "dataDir">, card: NewCard, now: Date) {
  const code = newGiftCode();
  const { id } = await trx
    .insertInto("gift_cards")
    .values({
      code_hash: hashGiftCode(code),
      code_sealed: encryptSecret(config, GIFT_CODE_PURPOSE, code),
      initial_pence: card.amountPence,
      balance_pence: card.amountPence,
      status: "active",
      source: card.source,
      expires_on: expiryDate(shopToday(now), card.validMonths),
      recipient_name: card.recipientName,
      recipient_email: card.recipientEmail,
      reason: card.reason,
      issued_at: now.toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await recordCardMovement(
    trx,
    {
      cardId: id,
      kind: "issued",
      amountPence: card.amountPence,
      balanceAfterPence: card.amountPence,
      note: card.reason,
      key: card.key,
      ledger: card.ledger,
    },
    now,
  );
  return { id, code };
}

/** Why a card cannot be spent now: void, expired, or not enough left (the 409 says the balance). */
function refusal(card: Row<"gift_cards">, now: Date) {
  const state = cardState(card, now);
  if (state === "void") return conflict("This gift card has been cancelled.", "giftCardCode");
  if (state === "expired") return conflict("This gift card has expired.", "giftCardCode");
  const balance = toPounds(card.balance_pence);
  return new HttpError(409, notEnoughBalanceMessage(balance), { balance }, "giftCardCode");
}

export type Spend = Pick<MovementRow, "cardId" | "bookingId" | "saleId" | "customerId" | "note" | "key"> & {
  amountPence: number;
};

/**
 * Takes `amountPence` off a card in the caller's transaction, or refuses (409 with the balance left). The
 * database decides: one guarded UPDATE, so of many spends at once only those the balance covers pass, on
 * both engines, and the CHECK refuses a negative balance should any other write try.
 */
export async function spendFromCard(trx: Db, spend: Spend, now: Date) {
  const spent = await trx
    .updateTable("gift_cards")
    .set((eb) => ({ balance_pence: eb("balance_pence", "-", spend.amountPence) }))
    .where("id", "=", spend.cardId)
    .where("status", "=", "active")
    .where("expires_on", ">=", shopToday(now))
    .where("balance_pence", ">=", spend.amountPence)
    .returning("balance_pence")
    .executeTakeFirst();
  if (!spent) {
    const card = await trx
      .selectFrom("gift_cards")
      .selectAll()
      .where("id", "=", spend.cardId)
      .executeTakeFirstOrThrow();
    throw refusal(card, now);
  }
  await recordCardMovement(
    trx,
    {
      cardId: spend.cardId,
      kind: "spent",
      amountPence: -spend.amountPence,
      balanceAfterPence: spent.balance_pence,
      bookingId: spend.bookingId,
      saleId: spend.saleId,
      customerId: spend.customerId,
      note: spend.note,
      key: spend.key,
      ledger: { kind: "gift_card_spend", method: "gift_card", amountPence: spend.amountPence },
    },
    now,
  );
  return { balancePence: spent.balance_pence };
}

/**
 * Gives a booking's gift-card part back to its card(s), once (a cancellation in time, a payment that never
 * came). The card takes it back even when void or expired since: the history says so, and the owner decides.
 */
export async function giveBackBookingSpend(trx: Db, bookingId: number, reason: string, now: Date) {
  const spends = await trx
    .selectFrom("gift_card_movements")
    .select(["gift_card_id", "amount_pence", "idempotency_key"])
    .where("booking_id", "=", bookingId)
    .where("kind", "=", "spent")
    .execute();
  for (const spend of spends) {
    const key = `${spend.idempotency_key}-back`;
    const done = await trx
      .selectFrom("gift_card_movements")
      .select("id")
      .where("idempotency_key", "=", key)
      .executeTakeFirst();
    if (done) continue;
    const amountPence = -spend.amount_pence;
    const card = await trx
      .updateTable("gift_cards")
      .set((eb) => ({ balance_pence: eb("balance_pence", "+", amountPence) }))
      .where("id", "=", spend.gift_card_id)
      .returning("balance_pence")
      .executeTakeFirstOrThrow();
    await recordCardMovement(
      trx,
      {
        cardId: spend.gift_card_id,
        kind: "refunded",
        amountPence,
        balanceAfterPence: card.balance_pence,
        bookingId,
        note: reason,
        key,
        ledger: { kind: "gift_card_refund", method: "gift_card", amountPence: -amountPence },
      },
      now,
    );
  }
}

/**
 * Puts `amountPence` back on a card (a refund of what it paid) in the caller's transaction. The card takes it even when void
 * or expired since, as a booking's give-back does; the CHECK refuses more than was ever loaded.
 */
export async function giveBackToCard(trx: Db, back: Spend, now: Date) {
  const card = await trx
    .updateTable("gift_cards")
    .set((eb) => ({ balance_pence: eb("balance_pence", "+", back.amountPence) }))
    .where("id", "=", back.cardId)
    .returning("balance_pence")
    .executeTakeFirstOrThrow();
  await recordCardMovement(
    trx,
    {
      ...back,
      kind: "refunded",
      balanceAfterPence: card.balance_pence,
      ledger: { kind: "gift_card_refund", method: "gift_card", amountPence: -back.amountPence },
    },
    now,
  );
}

/** Voids a card (the owner's reason): what was left is written off, and it can no longer be spent. */
export async function voidCard(trx: Db, cardId: number, reason: string, now: Date) {
  const before = await trx.selectFrom("gift_cards").selectAll().where("id", "=", cardId).executeTakeFirstOrThrow();
  const voided = await trx
    .updateTable("gift_cards")
    .set({ status: "void", balance_pence: 0, voided_at: now.toISOString(), reason })
    .where("id", "=", cardId)
    .where("status", "=", "active")
    .where("balance_pence", "=", before.balance_pence)
    .executeTakeFirst();
  if (voided.numUpdatedRows === 0n)
    throw conflict("This gift card has already been cancelled or changed a moment ago.");
  await recordCardMovement(
    trx,
    {
      cardId,
      kind: "voided",
      amountPence: -before.balance_pence,
      balanceAfterPence: 0,
      note: reason,
      key: `gift-card-void-${cardId}`,
      ledger: { kind: "gift_card_void", method: "gift_card", amountPence: -before.balance_pence },
    },
    now,
  );
}

/**
 * Writes off what is left on cards past their last day (the nightly job): each an "expired" row in its history
 * and the ledger, once (the guarded update finds the balance it read, and the key is the card's).
 */
export async function expireCards(db: Db, now: Date) {
  const lapsed = await db
    .selectFrom("gift_cards")
    .select(["id", "balance_pence"])
    .where("status", "=", "active")
    .where("balance_pence", ">", 0)
    .where("expires_on", "<", shopToday(now))
    .execute();
  for (const card of lapsed) {
    await db.transaction().execute(async (trx) => {
      const written = await trx
        .updateTable("gift_cards")
        .set({ balance_pence: 0 })
        .where("id", "=", card.id)
        .where("balance_pence", "=", card.balance_pence)
        .executeTakeFirst();
      if (written.numUpdatedRows === 0n) return;
      await recordCardMovement(
        trx,
        {
          cardId: card.id,
          kind: "expired",
          amountPence: -card.balance_pence,
          balanceAfterPence: 0,
          key: `gift-card-expired-${card.id}`,
          ledger: { kind: "gift_card_expiry", method: "gift_card", amountPence: -card.balance_pence },
        },
        now,
      );
    });
  }
  return lapsed.length;
}
