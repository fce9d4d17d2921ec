import type { Db } from "~/db/client.server";
import { toPence, toPounds } from "~/lib/money";
import { DEFAULT_GIFT_CARD_SETTINGS, type GiftCardSettings } from "./gift-cards.schema";

/* Settings → Gift cards: one row and the amount buttons; without a row, the defaults (switched off). */

export async function loadGiftCardSettings(db: Db): Promise<GiftCardSettings> {
  const [row, amounts] = await Promise.all([
    db.selectFrom("gift_card_settings").selectAll().where("id", "=", 1).executeTakeFirst(),
    db.selectFrom("gift_card_amounts").select("amount_pence").orderBy("amount_pence").execute(),
  ]);
  if (!row) return DEFAULT_GIFT_CARD_SETTINGS;
  return {
    enabled: row.enabled === 1,
    amounts: amounts.map((amount) => toPounds(amount.amount_pence)),
    min: toPounds(row.min_pence),
    max: toPounds(row.max_pence),
    validMonths: row.valid_months,
  };
}

/** Saves them whole, inside the caller's transaction when given one. */
export async function saveGiftCardSettings(db: Db, settings: GiftCardSettings, now: Date) {
  const values = {
    id: 1,
    enabled: settings.enabled ? 1 : 0,
    min_pence: toPence(settings.min),
    max_pence: toPence(settings.max),
    valid_months: settings.validMonths,
    updated_at: now.toISOString(),
  };
  const { id: _id, ...columns } = values;
  await db
    .insertInto("gift_card_settings")
    .values(values)
    .onConflict((conflict) => conflict.column("id").doUpdateSet(columns))
    .execute();
  await db.deleteFrom("gift_card_amounts").execute();
  await db
    .insertInto("gift_card_amounts")
    .values(settings.amounts.map((amount) => ({ amount_pence: toPence(amount) })))
    .execute();
}
