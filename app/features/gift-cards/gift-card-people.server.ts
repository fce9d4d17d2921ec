import { sql } from "kysely";
import type { Db } from "~/db/client.server";
import { toPounds } from "~/lib/money";

/*
 * The people a gift card names (issue 34): its buyer (the online purchase) and its recipient. They are nobody's
 * customer row, so the customer's export and erasure find them by the address, lower-cased.
 */

const ERASED = "[erased]";

/** What the customer's export holds of gift cards: those they bought and those given to them (never the code). */
export async function giftCardsOfEmail(db: Db, emailKey: string) {
  const [bought, received] = await Promise.all([
    db
      .selectFrom("gift_card_purchases")
      .select([
        "amount_pence",
        "buyer_name",
        "buyer_email",
        "recipient_name",
        "recipient_email",
        "message",
        "send_on",
        "status",
        "created_at",
      ])
      .where(sql<string>`lower(buyer_email)`, "=", emailKey)
      .orderBy("id")
      .execute(),
    db
      .selectFrom("gift_cards")
      .select(["initial_pence", "balance_pence", "recipient_name", "recipient_email", "expires_on", "issued_at"])
      .where(sql<string>`lower(recipient_email)`, "=", emailKey)
      .orderBy("id")
      .execute(),
  ]);
  return {
    bought: bought.map((row) => ({
      amount: toPounds(row.amount_pence),
      buyerName: row.buyer_name,
      buyerEmail: row.buyer_email,
      recipientName: row.recipient_name,
      recipientEmail: row.recipient_email,
      message: row.message,
      sendOn: row.send_on,
      status: row.status,
      boughtAt: row.created_at,
    })),
    received: received.map((row) => ({
      amount: toPounds(row.initial_pence),
      balance: toPounds(row.balance_pence),
      recipientName: row.recipient_name,
      recipientEmail: row.recipient_email,
      expiresOn: row.expires_on,
      issuedAt: row.issued_at,
    })),
  };
}

/**
 * Erases a person from gift cards in the caller's transaction: as buyer, the name, address and message of their
 * purchases; as recipient, the name and address on the cards. Amounts and balances stay (the card still spends
 * by its code, and the books keep their figures).
 */
export async function eraseGiftCardPeople(trx: Db, emailKey: string) {
  await trx
    .updateTable("gift_card_purchases")
    .set({ buyer_name: ERASED, buyer_email: "", message: null })
    .where(sql<string>`lower(buyer_email)`, "=", emailKey)
    .execute();
  await trx
    .updateTable("gift_card_purchases")
    .set({ recipient_name: ERASED, recipient_email: null })
    .where(sql<string>`lower(recipient_email)`, "=", emailKey)
    .execute();
  await trx
    .updateTable("gift_cards")
    .set({ recipient_name: ERASED, recipient_email: null })
    .where(sql<string>`lower(recipient_email)`, "=", emailKey)
    .execute();
}
