import { fromMinutes, toMinutes } from "~/lib/shop-time";
import type { SlotCreateValues } from "../booking.schema";

/* The owner's manual slots (the spec's slot calendar): the slots one creation request stands for. */

export interface PlannedSlot {
  date: string;
  startTime: string;
  endTime: string;
}

/** The slots a creation request stands for; the dialog can show the count before sending. */
export function planSlots(values: SlotCreateValues): PlannedSlot[] {
  const start = toMinutes(values.startTime);
  const end = toMinutes(values.endTime);
  const step = values.repeatEveryMinutes;
  const ranges: Array<[number, number]> = [];
  if (step === undefined) ranges.push([start, end]);
  else for (let from = start; from + step <= end; from += step) ranges.push([from, from + step]);
  return values.dates.flatMap((date) =>
    ranges.map(([from, to]) => ({ date, startTime: fromMinutes(from), endTime: fromMinutes(to) })),
  );
}
