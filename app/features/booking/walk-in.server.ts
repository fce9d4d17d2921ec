import { clockNow } from "~/lib/clock";
import type { AppContext } from "~/context";
import type { Db } from "~/db/client.server";
import type { ShopSettings } from "~/features/settings";
import { loadSettings } from "~/features/settings/index.server";
import { HttpError, badRequest, conflict } from "~/lib/http-error";
import { formatShopDate, fromMinutes, shopMoment, toMinutes } from "~/lib/shop-time";
import { ownerRefusal, type MemberSchedule } from "./availability";
import { chosenServices, loadBusySpans, loadSchedules } from "./availability.server";
import { toSummary } from "./booking-record.server";
import { endsByMidnight, type WalkInRequest } from "./booking.schema";
import { WALK_IN_NAME } from "~/features/customers";
import { candidatesFor, claimComputedTime, insertBooking } from "./booking.server";

/* A customer who walks in: recorded by the owner, with no address to mail, from now or a chosen time. */

const WALK_IN_STEP_MINUTES = 5;

/** Now on the shop's clock, rounded down to five minutes: the time the chair was taken. */
export function walkInStart(now: Date) {
  const moment = shopMoment(now);
  const minutes = toMinutes(moment.time);
  return { date: moment.date, startTime: fromMinutes(minutes - (minutes % WALK_IN_STEP_MINUTES)) };
}

/** The first time after `startTime` that day when one of the candidates is free for the length, and with whom. */
async function nextFreeTime(
  db: Db,
  candidates: MemberSchedule[],
  date: string,
  startTime: string,
  lengthMinutes: number,
  rules: ShopSettings,
) {
  const busy = await loadBusySpans(
    db,
    candidates.map((member) => member.id),
    date,
    date,
  );
  const from = toMinutes(startTime) + WALK_IN_STEP_MINUTES;
  for (let start = from; endsByMidnight(fromMinutes(start), lengthMinutes); start += WALK_IN_STEP_MINUTES) {
    const time = fromMinutes(start);
    const member = candidates.find(
      (candidate) => ownerRefusal(candidate, date, time, lengthMinutes, rules, busy, false) === null,
    );
    if (member) return { time, member };
  }
  return undefined;
}

/**
 * Records a walk-in: the services from the given time (now, rounded down, by default) with the
 * barber named or the first free one who does them, by the owner's rules (no notice or horizon).
 * Nobody free: 409 naming the next free time and barber that day.
 */
export async function recordWalkIn(ctx: AppContext, input: WalkInRequest, now: Date = clockNow()) {
  const [rules, team] = await Promise.all([loadSettings(ctx.db), loadSchedules(ctx.db)]);
  const { services, totals } = await chosenServices(ctx.db, input.services, rules);
  const candidates = candidatesFor(team, input.services, input.memberId);
  if (candidates.length === 0) throw conflict("No barber in the team does all of these services.", "services");
  const start = walkInStart(now);
  const date = input.date ?? start.date;
  // "Now" is a time today: a walk-in on another day needs its time.
  if (input.startTime === undefined && date !== start.date) {
    throw badRequest(
      `Please enter the start time: an empty time means now, which is ${formatShopDate(start.date)}.`,
      "startTime",
    );
  }
  const startTime = input.startTime ?? start.startTime;
  const booking = await ctx.db.transaction().execute(async (trx) => {
    let slotId: number;
    try {
      slotId = await claimComputedTime(
        trx,
        { date, startTime, lengthMinutes: totals.durationMinutes, candidates, owner: { outsideHours: false } },
        rules,
        now,
      );
    } catch (error) {
      if (!(error instanceof HttpError) || error.status !== 409) throw error;
      const titles = services.map((service) => service.title).join(" and ");
      const when = input.startTime === undefined ? "now" : `at ${startTime}`;
      const next = await nextFreeTime(trx, candidates, date, startTime, totals.durationMinutes, rules);
      throw conflict(
        next
          ? `No barber is free for ${titles} ${when}; the next free time is ${next.time} with ${next.member.name}.`
          : `No barber is free for ${titles} ${when}, nor later that day.`,
        "startTime",
      );
    }
    const customer = {
      customerName: input.customerName ?? WALK_IN_NAME,
      customerEmail: "",
      customerPhone: input.customerPhone ?? "",
      notes: "",
      smsConsent: false,
      services: input.services,
    };
    return (
      await insertBooking(trx, slotId, customer, services, totals, now, {
        byAdmin: true,
        mails: false,
        attendance: "attended",
      })
    ).booking;
  });
  return { ...toSummary(booking), id: booking.id, customerName: booking.customerName };
}
