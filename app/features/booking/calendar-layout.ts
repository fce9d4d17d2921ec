import { toMinutes } from "~/lib/shop-time";

/*
 * Where things sit on the owner's day view, as plain numbers (no DOM), so the page, the drag and the tests agree.
 * A card is exactly as tall as its time: cards of one barber never overlap, since their times do not. Short
 * cards stay usable because the grid is scaled up until the day's shortest entry gets a compact card's height,
 * and a card too short for its full details shows a compact line whose actions open in a menu.
 */

const HOUR = 60;
/** The grid's scale on an ordinary day: half an hour is 78 px, room for a full card's lines and actions. */
export const BASE_PX_PER_MINUTE = 2.6;
/** The most the grid is stretched for very short entries (a 5-minute block is then 30 px). */
const MAX_PX_PER_MINUTE = 6;
/** A compact card: one line of text and its menu button, with the gap between cards. */
export const COMPACT_CARD_PX = 30;
/** One line of a card's text (text-xs, leading-tight), its row of actions (24 px targets, WCAG 2.5.8), padding. */
const LINE_PX = 15;
const ACTIONS_PX = 24;
const CARD_CHROME_PX = 8;
/** Free time shorter than this is not offered as a new appointment (a gap between two bookings, say). */
const MIN_FREE_MINUTES = 10;

export interface TimedEntry {
  startTime: string;
  endTime: string;
}

export interface Span {
  start: string;
  end: string;
}

/** The hours the time line covers: the opening hours, stretched to whatever is booked outside them. */
export function timeLine(opening: readonly Span[], entries: readonly TimedEntry[]) {
  const starts = [...opening.map((range) => toMinutes(range.start)), ...entries.map((e) => toMinutes(e.startTime))];
  const ends = [...opening.map((range) => toMinutes(range.end)), ...entries.map((e) => toMinutes(e.endTime))];
  const first = Math.floor(Math.min(9 * HOUR, ...starts) / HOUR) * HOUR;
  const last = Math.ceil(Math.max(first + 8 * HOUR, ...ends) / HOUR) * HOUR;
  return { first, last };
}

/** Pixels per minute for the day: the base scale, or more so that the shortest entry gets a compact card. */
export function dayScale(entries: readonly TimedEntry[]) {
  const lengths = entries.map((entry) => toMinutes(entry.endTime) - toMinutes(entry.startTime)).filter((m) => m > 0);
  if (lengths.length === 0) return BASE_PX_PER_MINUTE;
  const needed = COMPACT_CARD_PX / Math.min(...lengths);
  return Math.min(MAX_PX_PER_MINUTE, Math.max(BASE_PX_PER_MINUTE, needed));
}

/** A card's place in its column: its top and height are its time's, less a pixel of gap below. */
export function cardBox(entry: TimedEntry, first: number, pxPerMinute: number) {
  const top = (toMinutes(entry.startTime) - first) * pxPerMinute;
  const height = (toMinutes(entry.endTime) - toMinutes(entry.startTime)) * pxPerMinute - 1;
  return { top, height: Math.max(height, 1) };
}

/** Whether a card of `height` shows its lines and actions in full; otherwise it is compact, its actions in a menu. */
export const fitsFullCard = (height: number, lines: number, actions: boolean) =>
  height >= lines * LINE_PX + (actions ? ACTIONS_PX : 0) + CARD_CHROME_PX;

/**
 * The free stretches of a barber's working time: working spans less bookings and blocks, each long enough
 * for a new appointment to start in it. Times as minutes of the day.
 */
export function freeStretches(working: readonly Span[], taken: readonly TimedEntry[]) {
  const held = taken
    .map((entry) => [toMinutes(entry.startTime), toMinutes(entry.endTime)] as const)
    .toSorted((a, b) => a[0] - b[0]);
  const free: { start: number; end: number }[] = [];
  for (const span of working) {
    let cursor = toMinutes(span.start);
    const end = toMinutes(span.end);
    for (const [heldStart, heldEnd] of held) {
      if (heldEnd <= cursor || heldStart >= end) continue;
      if (heldStart - cursor >= MIN_FREE_MINUTES) free.push({ start: cursor, end: heldStart });
      cursor = Math.max(cursor, heldEnd);
    }
    if (end - cursor >= MIN_FREE_MINUTES) free.push({ start: cursor, end });
  }
  return free;
}
