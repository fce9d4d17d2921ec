import { fromMinutes, shopMoment, toMinutes } from "~/lib/shop-time";
import { ownerRefusal, type AvailabilityRules, type BusySpan, type MemberSchedule } from "./availability";
import { endsByMidnight } from "./claim";

/* A walk-in's time: now on the shop's clock (passed in), and the next free time when nobody is free then. */

const WALK_IN_STEP_MINUTES = 5;

/**
 * Whether a booking counts as a walk-in in the books: written when its customer was already in the chair, at or
 * after its own start (decision 054). The calendar's "walk-in" label is the walk-in form's (no e-mail), which also
 * takes a time later today.
 */
export const isWalkIn = (madeAtMs: number, startsAtMs: number) => madeAtMs >= startsAtMs;

/** Now on the shop's clock, rounded down to five minutes: the time the chair was taken. */
export function walkInStart(now: Date) {
  const moment = shopMoment(now);
  const minutes = toMinutes(moment.time);
  return { date: moment.date, startTime: fromMinutes(minutes - (minutes % WALK_IN_STEP_MINUTES)) };
}

/** The first time after `startTime` that day when one of the candidates is free for the length, and with whom. */
export function nextFreeTime(
  candidates: readonly MemberSchedule[],
  date: string,
  startTime: string,
  lengthMinutes: number,
  rules: AvailabilityRules,
  busy: readonly BusySpan[],
) {
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
