import { sql } from "kysely";
import type { RequestContext, SessionUser } from "~/context";
import type { Db } from "~/db/client.server";
import { isUniqueViolation } from "~/db/errors";
import { recordAudit } from "~/features/audit/index.server";
import { clockNow } from "~/lib/clock";
import { conflict } from "~/lib/http-error";
import { formatPence, toPence, toPounds } from "~/lib/money";
import { formatShopDate, shopToday } from "~/lib/shop-time";
import type { TillDay } from "./till.schema";

/*
 * The daily cash-up (issue 31): a day's figures, read with a few grouped sums over indexed columns, and its
 * close, a row whose primary key refuses a second. Cash takings are what stayed in the till (tendered less
 * change); expected cash = float + cash takings − cash refunds.
 */

type Ctx = Pick<RequestContext, "db" | "settings">;

const sum = (column: string) => sql<number | string | null>`coalesce(sum(${sql.ref(column)}), 0)`;

async function dayFigures(db: Db, date: string) {
  const [payments, sales, tips, refunds] = await Promise.all([
    db
      .selectFrom("sale_payments")
      .select(["method", sum("amount_pence").as("total")])
      .where("date", "=", date)
      .where("status", "=", "succeeded")
      .groupBy("method")
      .execute(),
    db
      .selectFrom("sales")
      .select([(eb) => eb.fn.countAll<number | string>().as("count"), sum("online_pence").as("online")])
      .where("date", "=", date)
      .where("status", "<>", "voided")
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("sales as s")
      .leftJoin("team_members as m", "m.id", "s.tip_member_id")
      .select(["s.tip_member_id", "m.name", sum("s.tip_pence").as("total")])
      .where("s.date", "=", date)
      .where("s.status", "=", "paid")
      .where("s.tip_pence", ">", 0)
      .groupBy(["s.tip_member_id", "m.name"])
      .execute(),
    db
      .selectFrom("sale_refunds")
      .select([sum("cash_pence").as("cash"), sum("card_pence").as("card"), sum("gift_card_pence").as("giftCard")])
      .where("date", "=", date)
      .executeTakeFirstOrThrow(),
  ]);
  const of = (method: string) => Number(payments.find((row) => row.method === method)?.total ?? 0);
  const takings = {
    cash: of("cash"),
    card: of("card"),
    cardOnFile: of("card_on_file"),
    giftCard: of("gift_card"),
    online: Number(sales.online),
  };
  return {
    sales: Number(sales.count),
    takings: { ...takings, total: Object.values(takings).reduce((total, pence) => total + pence, 0) },
    tips: tips
      .filter((row) => row.tip_member_id !== null)
      .map((row) => ({ memberId: row.tip_member_id!, name: row.name ?? "", amount: Number(row.total) })),
    refunds: { cash: Number(refunds.cash), card: Number(refunds.card), giftCard: Number(refunds.giftCard) },
  };
}

/** GET /api/till/{date}. */
export async function tillDay(ctx: Ctx, date: string): Promise<TillDay> {
  const [figures, closed, settings] = await Promise.all([
    dayFigures(ctx.db, date),
    ctx.db.selectFrom("till_days").selectAll().where("date", "=", date).executeTakeFirst(),
    ctx.settings(),
  ]);
  const floatPence = closed?.float_pence ?? toPence(settings.till.float);
  const expected = floatPence + figures.takings.cash - figures.refunds.cash;
  const pounds = <T extends Record<string, number>>(values: T) =>
    Object.fromEntries(Object.entries(values).map(([key, value]) => [key, toPounds(value)])) as T;
  return {
    date,
    sales: figures.sales,
    takings: pounds(figures.takings),
    tips: {
      total: toPounds(figures.tips.reduce((total, tip) => total + tip.amount, 0)),
      byMember: figures.tips.map((tip) => ({ ...tip, amount: toPounds(tip.amount) })),
    },
    refunds: pounds(figures.refunds),
    float: toPounds(floatPence),
    expectedCash: toPounds(closed?.expected_cash_pence ?? expected),
    closed: closed !== undefined,
    countedCash: closed ? toPounds(closed.counted_cash_pence) : null,
    difference: closed ? toPounds(closed.counted_cash_pence - closed.expected_cash_pence) : null,
    closedAt: closed?.closed_at ?? null,
    closedBy: closed?.closed_by_name ?? null,
  };
}

/** How the audit log reads a close: "Friday 27 November 2026: £212.50 counted, £2.50 short of the £215.00 expected". */
export function closeInWords(date: string, countedPence: number, expectedPence: number) {
  const difference = countedPence - expectedPence;
  const against =
    difference === 0
      ? `exactly the ${formatPence(expectedPence)} expected`
      : `${formatPence(Math.abs(difference))} ${difference > 0 ? "over" : "short of"} the ${formatPence(expectedPence)} expected`;
  return `${formatShopDate(date)}: ${formatPence(countedPence)} counted, ${against}`;
}

/** POST /api/till/{date}/close: once; the day then refuses sales, payments and refunds. */
export async function closeDay(
  ctx: Ctx,
  date: string,
  countedCash: number,
  user: SessionUser | null,
  now = clockNow(),
) {
  if (date > shopToday(now)) throw conflict(`${formatShopDate(date)} has not started yet: it cannot be cashed up.`);
  const alreadyClosed = conflict(`The till for ${formatShopDate(date)} is already closed.`);
  // Read before the transaction: on one SQLite connection a read outside it would wait for the transaction.
  const settings = await ctx.settings();
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const day = await tillDay({ db: trx, settings: async () => settings }, date);
      if (day.closed) throw alreadyClosed;
      await trx
        .insertInto("till_days")
        .values({
          date,
          float_pence: toPence(day.float),
          expected_cash_pence: toPence(day.expectedCash),
          counted_cash_pence: toPence(countedCash),
          closed_at: now.toISOString(),
          closed_by: user?.id ?? null,
          closed_by_name: user?.username ?? "",
        })
        .execute();
      if (user) {
        await recordAudit(trx, {
          actor: user,
          kind: "till",
          action: "close the day",
          targetId: date,
          targetLabel: closeInWords(date, toPence(countedCash), toPence(day.expectedCash)),
        });
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyClosed;
    throw error;
  }
  return tillDay(ctx, date);
}
