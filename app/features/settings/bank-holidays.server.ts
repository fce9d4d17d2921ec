import { z } from "zod";
import type { Db } from "~/db/client.server";
import { clockNow } from "~/lib/clock";
import { badRequest } from "~/lib/http-error";
import { shopToday } from "~/lib/shop-time";
import { bankHolidaysAhead, type BankHolidayAhead } from "./bank-holidays";
import { settingsSchema, strandedBookingsChoiceSchema } from "./settings.schema";
import { loadSettings, saveSettings, type ScheduleFollowUp } from "./settings.server";

/** The owner's answer about some of the holidays ahead: close the shop on them (closures) or stay open. */
export const bankHolidayChoiceSchema = z.object({
  dates: z
    .array(z.string(), { error: "Choose a bank holiday" })
    .min(1, "Choose a bank holiday")
    .max(20, "At most 20 bank holidays at once"),
  choice: z.enum(["close", "open"], { error: 'Choose "close" or "open"' }),
  closureBookings: strandedBookingsChoiceSchema.optional(),
});
export type BankHolidayChoice = z.output<typeof bankHolidayChoiceSchema>;

/** The year's bank holidays ahead with the owner's decision on each (a closure, "stay open", or none yet). */
export async function loadBankHolidays(db: Db, today: string = shopToday()): Promise<BankHolidayAhead[]> {
  const [settings, open] = await Promise.all([
    loadSettings(db),
    db.selectFrom("bank_holidays_open").select("date").where("date", ">=", today).execute(),
  ]);
  return bankHolidaysAhead(today, settings.closures, new Set(open.map((row) => row.date)));
}

/**
 * Records the owner's decision. Closing adds a one-day closure per holiday named after it, through the same
 * save as the settings form, so bookings already on those days are refused (409, listed) until the owner says
 * to keep or cancel them. Nothing closes on its own: a holiday is bookable until the owner closes it.
 */
export async function decideBankHolidays(
  db: Db,
  input: BankHolidayChoice,
  followUp: ScheduleFollowUp,
  now: Date = clockNow(),
) {
  const ahead = await loadBankHolidays(db, shopToday(now));
  const chosen = ahead.filter((holiday) => input.dates.includes(holiday.date));
  if (chosen.length !== new Set(input.dates).size) throw badRequest("That is not a bank holiday ahead", "dates");
  if (input.choice === "open") {
    const decidedAt = now.toISOString();
    for (const holiday of chosen) {
      if (holiday.state !== "undecided") continue;
      await db
        .insertInto("bank_holidays_open")
        .values({ date: holiday.date, decided_at: decidedAt })
        .onConflict((conflict) => conflict.column("date").doNothing())
        .execute();
    }
    return loadBankHolidays(db, shopToday(now));
  }
  const settings = await loadSettings(db);
  const closing = chosen.filter((holiday) => holiday.state !== "closed");
  const closures = [
    ...settings.closures,
    ...closing.map((holiday) => ({ from: holiday.date, to: holiday.date, note: holiday.name })),
  ];
  await saveSettings(db, settingsSchema.parse({ ...settings, closures }), { followUp, now });
  // A holiday once marked open and now closed is the closure's alone.
  if (closing.length > 0) {
    await db
      .deleteFrom("bank_holidays_open")
      .where(
        "date",
        "in",
        closing.map((holiday) => holiday.date),
      )
      .execute();
  }
  return loadBankHolidays(db, shopToday(now));
}
