import { shopToday, toMinutes } from "~/lib/shop-time";
import { MEMBER_CANNOT_MESSAGE, NOT_ENOUGH_TIME_MESSAGE, SLOT_TAKEN_MESSAGE } from "../booking-messages.schema";
import {
  memberStartTimes,
  ownerRefusal,
  performsAll,
  type AvailabilityRules,
  type BusySpan,
  type MemberSchedule,
  type OwnerRefusal,
} from "./availability";

/*
 * Who may take a time: the candidates for a booking ("any barber" or one), and which of them are free for a
 * claim, with the refusal in the shop's words when none is. Pure: the busy spans and the clock come in.
 */

export interface ComputedTimeClaim {
  date: string;
  startTime: string;
  lengthMinutes: number;
  candidates: MemberSchedule[];
  /** A booking being moved: its own slot does not stand in the way of its new time. */
  exceptSlotId?: number;
  /**
   * The owner's own booking or move: not held to the public notice, horizon or grid, and with
   * `outsideHours` not to the barber's or the shop's hours either (docs/decisions/027).
   */
  owner?: { outsideHours: boolean };
}

const MINUTES_IN_A_DAY = 24 * 60;

/**
 * Whether an appointment from `startTime` lasting `lengthMinutes` ends on its own day: a later end has no
 * time of that day to be written as (a calendar file would read `T241000`), so every way in refuses it.
 */
export const endsByMidnight = (startTime: string, lengthMinutes: number) =>
  toMinutes(startTime) + lengthMinutes <= MINUTES_IN_A_DAY;

/** Why the candidates for a booking cannot be had at all: the barber named does not do the services, or is no one. */
export type CandidatesRefusal = { status: 400; message: string } | { status: 404; message: "Team member" };

/**
 * The members who may take a computed time: every active member who performs all the services,
 * or the one the customer chose (refused when they do not perform them, or do not exist).
 */
export function candidatesFor(
  team: readonly MemberSchedule[],
  serviceIds: readonly number[],
  memberId: number | undefined,
): { candidates: MemberSchedule[]; refusal: CandidatesRefusal | null } {
  const able = team.filter((member) => performsAll(member, serviceIds));
  const candidates = memberId === undefined ? able : able.filter((member) => member.id === memberId);
  if (memberId !== undefined && candidates.length === 0) {
    const refusal: CandidatesRefusal = team.some((member) => member.id === memberId)
      ? { status: 400, message: MEMBER_CANNOT_MESSAGE }
      : { status: 404, message: "Team member" };
    return { candidates, refusal };
  }
  return { candidates, refusal: null };
}

export const PAST_DAY_MESSAGE = "That day has passed. Please choose today or a later day.";
const OVERRIDE_HINT = 'Tick "Outside hours" to place it there anyway.';

/** The real reason the owner cannot have a time with one barber. */
export function ownerRefusalMessage(refusal: OwnerRefusal, memberName: string) {
  switch (refusal) {
    case "taken":
      return SLOT_TAKEN_MESSAGE;
    case "closed":
      return `The shop is closed on that day. ${OVERRIDE_HINT}`;
    case "time-off":
      return `${memberName} is off on that day. ${OVERRIDE_HINT}`;
    case "outside-hours":
      return `That time is outside ${memberName}'s working hours. ${OVERRIDE_HINT}`;
  }
}

/**
 * The members free for the claim, and when none is, the refusal (a 409's message) that says why: a customer
 * is held to the engine's offered times, the owner to their own check (docs/decisions/027).
 */
export function freeForClaim(claim: ComputedTimeClaim, rules: AvailabilityRules, busy: readonly BusySpan[], now: Date) {
  if (!claim.owner) {
    const free = claim.candidates.filter((member) =>
      memberStartTimes(member, claim.date, claim.lengthMinutes, rules, busy, now).includes(claim.startTime),
    );
    return { free, refusal: NOT_ENOUGH_TIME_MESSAGE };
  }
  if (claim.date < shopToday(now)) return { free: [], refusal: PAST_DAY_MESSAGE };
  const { outsideHours } = claim.owner;
  const refusals = claim.candidates.map((member) => ({
    member,
    refusal: ownerRefusal(member, claim.date, claim.startTime, claim.lengthMinutes, rules, busy, outsideHours),
  }));
  const free = refusals.filter((entry) => entry.refusal === null).map((entry) => entry.member);
  const only = refusals.length === 1 ? refusals[0] : undefined;
  const refusal =
    only?.refusal != null
      ? ownerRefusalMessage(only.refusal, only.member.name)
      : refusals.every((entry) => entry.refusal === "taken")
        ? SLOT_TAKEN_MESSAGE
        : `No barber who does these services is free at ${claim.startTime} on that day.`;
  return { free, refusal };
}

/**
 * "Anyone": the free members, the one with the fewest bookings that day first. Sorting is stable, so a tie
 * goes to the member earlier in the team's order.
 */
export function leastBookedFirst<M extends { id: number }>(
  free: readonly M[],
  bookedThatDay: readonly { memberId: number | null; booked: number }[],
) {
  const count = (memberId: number) => bookedThatDay.find((row) => row.memberId === memberId)?.booked ?? 0;
  return free.toSorted((a, b) => count(a.id) - count(b.id));
}
