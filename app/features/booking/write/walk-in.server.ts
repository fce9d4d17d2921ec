import type { RequestContext } from "~/context";
import { WALK_IN_NAME } from "~/features/customers";
import { clockNow } from "~/lib/clock";
import { HttpError, badRequest, conflict } from "~/lib/http-error";
import { formatShopDate } from "~/lib/shop-time";
import { chosenServices, loadBusySpans, loadSchedules } from "../availability.server";
import { toSummary } from "../booking-record.server";
import type { WalkInRequest } from "../booking.schema";
import { nextFreeTime, walkInStart } from "../rules/walk-in";
import { bookTimeTransaction, claimComputedTime, requireCandidates } from "./claim.server";
import { insertBooking } from "./insert.server";

/* A customer who walks in: recorded by the owner, with no address to mail, from now or a chosen time. */

/**
 * Records a walk-in: the services from the given time (now, rounded down, by default) with the
 * barber named or the first free one who does them, by the owner's rules (no notice or horizon).
 * Nobody free: 409 naming the next free time and barber that day. Inside the booking-time transaction,
 * so a walk-in that loses a race for the time to an online booking is a 409, on PostgreSQL too.
 */
export async function bookWalkIn(ctx: RequestContext, input: WalkInRequest, now: Date = clockNow()) {
  const [rules, team] = await Promise.all([ctx.settings(), loadSchedules(ctx)]);
  const { services, totals } = await chosenServices(ctx.db, input.services, rules);
  const candidates = requireCandidates(team, input.services, input.memberId);
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
  const booking = await bookTimeTransaction(ctx.db, async (trx) => {
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
      const busy = await loadBusySpans(
        trx,
        candidates.map((member) => member.id),
        date,
        date,
      );
      const next = nextFreeTime(candidates, date, startTime, totals.durationMinutes, rules, busy);
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
      await insertBooking(trx, { id: slotId, date, startTime }, customer, services, totals, rules, now, {
        byAdmin: true,
        mails: false,
        attendance: "attended",
      })
    ).booking;
  });
  return { ...toSummary(booking), id: booking.id, customerName: booking.customerName };
}
