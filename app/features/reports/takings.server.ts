import type { Db } from "~/db/client.server";
import { periodInstants, shopDays } from "./report-figures";
import type { Period } from "./reports.schema";
import { TakingsTally, type LedgerRow } from "./takings-tally";
import { addTillTakings } from "./till-takings.server";

/*
 * Takings (decision 054): what was paid in the period, by the shop's day it was paid. A booking's online
 * deposit or prepayment is money held until the visit: it counts once, as services, when the visit is checked
 * out (in the till's sale, on the sale's day; or, for a visit marked attended without a sale, on the visit's
 * day); a deposit kept counts as `depositsKept` on the day it was kept; a deposit handed back before it ever
 * counted is no refund of takings.
 */

/** The period's ledger rows that are takings or refunds of them, bookings' and the till's, read in one pass. */
function periodLedger(db: Db, period: Period): Promise<LedgerRow[]> {
  const { start, end } = periodInstants(period);
  return db
    .selectFrom("money_movements")
    .select(["kind", "method", "amount_pence", "booking_id", "sale_id", "created_at"])
    .where("created_at", ">=", start)
    .where("created_at", "<", end)
    .where("kind", "in", ["fee", "kept_deposit", "refund", "sale_refund"])
    .execute();
}

/** The ledger's money of bookings (not the till's): fees, kept deposits, counted deposits and refunds. */
async function addBookingMoney(db: Db, period: Period, tally: TakingsTally, ledger: readonly LedgerRow[]) {
  const movements = ledger.filter((row) => row.kind !== "sale_refund" && row.sale_id === null);
  // Visits marked attended without a sale: their deposit or prepayment is the services taken, on the visit's day.
  const visits = await db
    .selectFrom("bookings as b")
    .innerJoin("booking_slots as s", "s.id", "b.slot_id")
    .innerJoin("money_movements as m", "m.booking_id", "b.id")
    .select(["b.id", "s.date", "s.member_id", "m.method", "m.amount_pence"])
    .where("s.date", ">=", period.from)
    .where("s.date", "<=", period.to)
    .where("b.attendance", "=", "attended")
    .where("m.kind", "in", ["deposit", "prepayment"])
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("sales")
            .select("sales.id")
            .whereRef("sales.booking_id", "=", "b.id")
            .where("sales.status", "!=", "voided"),
        ),
      ),
    )
    .execute();
  for (const visit of visits) {
    tally.add("services", visit.amount_pence, visit.date, visit.member_id);
    tally.paid(visit.method, visit.amount_pence);
  }
  const refundIds = movements
    .filter((row) => row.kind === "refund" && row.booking_id !== null)
    .map((row) => row.booking_id!);
  const counted = new Set(
    refundIds.length === 0
      ? []
      : (
          await db
            .selectFrom("bookings as b")
            .select("b.id")
            .where("b.id", "in", refundIds)
            .where((eb) =>
              eb.or([
                eb("b.attendance", "=", "attended"),
                eb.exists(
                  eb
                    .selectFrom("money_movements as m")
                    .select("m.id")
                    .whereRef("m.booking_id", "=", "b.id")
                    .where("m.kind", "in", ["fee", "kept_deposit"]),
                ),
              ]),
            )
            .execute()
        ).map((row) => row.id),
  );
  const dayOf = shopDays();
  for (const movement of movements) {
    const date = dayOf(movement.created_at);
    if (movement.kind === "fee") tally.add("fees", movement.amount_pence, date);
    else if (movement.kind === "kept_deposit") tally.add("depositsKept", movement.amount_pence, date);
    else if (movement.booking_id === null || counted.has(movement.booking_id)) {
      tally.add("refunds", -movement.amount_pence, date);
    } else continue;
    tally.paid(movement.method, movement.amount_pence);
  }
}

/** Every penny of the period: the bookings' online money and the till's sales. */
export async function takingsOf(db: Db, period: Period) {
  const tally = new TakingsTally();
  const ledger = await periodLedger(db, period);
  await addBookingMoney(db, period, tally, ledger);
  await addTillTakings(
    db,
    period,
    tally,
    ledger.filter((row) => row.kind === "sale_refund"),
  );
  return tally;
}
