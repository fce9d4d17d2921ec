import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { formatShopDate, formatTime } from "~/lib/shop-time";
import { REPEAT_TIMES, REPEAT_WEEKS, type CancelScope, type RepeatRequest } from "../booking.schema";
import { type SeriesOccurrence, type SeriesPreviewDate } from "../booking-answers.schema";
import type { PostedField } from "../use-booking-flow";

/*
 * "Repeat every [1–8] weeks, [2–12] times" after the time (decision 032). Without JavaScript the controls are
 * a GET form whose answer (the page again, `repeat=1&everyWeeks=…&times=…`) lists the dates; hydrated, the
 * page fetches the same list from GET /api/availability/series as the choices change.
 */

export interface RepeatChoice extends RepeatRequest {
  on: boolean;
}

/** A regular's cut: every four weeks, six times, until the customer chooses otherwise. */
const DEFAULT_REPEAT = { everyWeeks: 4, times: 6 };

const countIn = (value: string | null, range: { min: number; max: number }, fallback: number) => {
  const number = Number(value);
  return Number.isInteger(number) && number >= range.min && number <= range.max ? number : fallback;
};

/** The repeat the page's address carries; off unless `repeat=1`. */
export const repeatFromSearch = (search: URLSearchParams): RepeatChoice => ({
  on: search.get("repeat") === "1",
  everyWeeks: countIn(search.get("everyWeeks"), REPEAT_WEEKS, DEFAULT_REPEAT.everyWeeks),
  times: countIn(search.get("times"), REPEAT_TIMES, DEFAULT_REPEAT.times),
});

/** The preview's address for a computed time, or null while there is nothing to preview. */
export function seriesPreviewUrl(
  repeat: RepeatChoice,
  time: { serviceIds: readonly string[]; memberId: number | undefined; date: string | null; startTime?: string },
) {
  if (!repeat.on || !time.date || !time.startTime || time.serviceIds.length === 0) return null;
  const member = time.memberId === undefined ? "" : `&member=${time.memberId}`;
  return `/api/availability/series?date=${time.date}&startTime=${time.startTime}&services=${time.serviceIds.toSorted().join(",")}${member}&everyWeeks=${repeat.everyWeeks}&times=${repeat.times}`;
}

/** The repeat as the details form posts it (the action turns them into the API body's `repeat`). */
export const postedRepeat = (repeat: RepeatChoice): PostedField[] =>
  repeat.on
    ? [
        ["repeatEveryWeeks", String(repeat.everyWeeks)],
        ["repeatTimes", String(repeat.times)],
      ]
    : [];

const range = ({ min, max }: { min: number; max: number }) =>
  Array.from({ length: max - min + 1 }, (_, index) => min + index);

interface CountSelectProps {
  name: string;
  label: string;
  counts: { min: number; max: number };
  value: number;
  onChange: (next: number) => void;
}

function CountSelect({ name, label, counts, value, onChange }: CountSelectProps) {
  return (
    <select
      name={name}
      aria-label={label}
      value={value}
      onChange={(event) => onChange(Number(event.target.value))}
      className="min-h-11 rounded-md border border-input bg-card px-2 text-base"
    >
      {range(counts).map((count) => (
        <option key={count} value={count}>
          {count}
        </option>
      ))}
    </select>
  );
}

interface RepeatPickerProps {
  value: RepeatChoice;
  onChange: (next: RepeatChoice) => void;
  /** The choices the GET form carries along without JavaScript. */
  carried: PostedField[];
  preview: SeriesPreviewDate[] | undefined;
}

export function RepeatPicker({ value, onChange, carried, preview }: RepeatPickerProps) {
  return (
    <form method="get" action="/bookings#repeat-heading" className="grid gap-3 border-t border-border pt-4">
      {carried.map(([name, field], index) => (
        <input key={`${name}-${index}`} type="hidden" name={name} value={field} />
      ))}
      <fieldset className="grid gap-3">
        <legend id="repeat-heading" className="mb-2 font-semibold">
          Repeat appointments
        </legend>
        <div className="flex flex-wrap items-center gap-x-2 gap-y-2">
          <label className="flex min-h-11 items-center gap-2">
            <input
              type="checkbox"
              name="repeat"
              value="1"
              checked={value.on}
              onChange={(event) => onChange({ ...value, on: event.target.checked })}
              className="size-5"
            />
            Repeat every
          </label>
          <CountSelect
            name="everyWeeks"
            label="Weeks between appointments"
            counts={REPEAT_WEEKS}
            value={value.everyWeeks}
            onChange={(everyWeeks) => onChange({ ...value, on: true, everyWeeks })}
          />
          <span>{value.everyWeeks === 1 ? "week," : "weeks,"}</span>
          <CountSelect
            name="times"
            label="Number of appointments"
            counts={REPEAT_TIMES}
            value={value.times}
            onChange={(times) => onChange({ ...value, on: true, times })}
          />
          <span>times</span>
        </div>
        <noscript>
          <Button type="submit" variant="outline" className="justify-self-start">
            Show the dates
          </Button>
        </noscript>
      </fieldset>
      {value.on && preview && <SeriesDates dates={preview} label="Your repeat dates" />}
    </form>
  );
}

/** Every date of a series with its status: before booking (available or not) and after it (booked or not). */
export function SeriesDates({
  dates,
  label,
}: {
  dates: ReadonlyArray<SeriesPreviewDate | SeriesOccurrence>;
  label: string;
}) {
  return (
    <ol aria-label={label} className="grid gap-1 text-sm">
      {dates.map((entry) => {
        const refused = entry.status === "unavailable";
        return (
          <li
            key={entry.date}
            className={cn("flex flex-wrap gap-x-2 rounded-md px-3 py-2", refused ? "bg-red-50" : "bg-muted")}
          >
            <span className="font-medium">
              {formatShopDate(entry.date)}, {formatTime(entry.startTime)}
            </span>
            <span className={refused ? "text-destructive" : "text-muted-foreground"}>
              {refused
                ? `Not available: ${entry.reason ?? ""}`
                : "reference" in entry && entry.reference
                  ? `Booked (${entry.reference})`
                  : "Available"}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/** The button that cancels a date of repeat appointments with every later one (decision 032). */
export const CANCEL_FOLLOWING_LABEL = "Cancel this and all later ones";

/** What a cancel asks before it goes: of one booking, or of it and the later dates of its series. */
export const cancelQuestion = (scope: CancelScope, later: number) =>
  scope === "following"
    ? `Are you sure you want to cancel this booking and the ${later} later ${later === 1 ? "date" : "dates"} of your repeat appointments?`
    : "Are you sure you want to cancel this booking?";
