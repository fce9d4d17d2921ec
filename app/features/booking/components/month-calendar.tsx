import {
  addMonths as addCalendarMonths,
  eachDayOfInterval,
  endOfMonth,
  endOfWeek,
  format,
  getDay,
  getDaysInMonth,
  isSameMonth,
  parseISO,
  startOfWeek,
} from "date-fns";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { addDays, formatShopDate } from "~/lib/shop-time";

/*
 * One month grid for the customer's date picker and both admin calendars.
 * Dates are `yyyy-MM-dd` strings in the shop's zone, months `yyyy-MM`; the
 * grid follows the WAI-ARIA date-picker pattern: one tab stop, arrow keys move
 * by day and week, Home/End to the week's ends, Page Up/Down by month.
 */

export type DayTone = "booked" | "available";

export interface MonthCalendarProps {
  /** The month shown, `yyyy-MM`. */
  month: string;
  onMonthChange: (month: string) => void;
  /** The shop's today, from the loader so server and browser agree. */
  today: string;
  /** Accessible name of the grid, e.g. "Choose a date". */
  label: string;
  /** Months before this one cannot be shown. */
  minMonth?: string;
  isDisabled: (date: string) => boolean;
  isSelected: (date: string) => boolean;
  onSelect: (date: string) => void;
  /** Extra words for screen readers after the date, e.g. "5 slots available". */
  describe?: (date: string) => string | undefined;
  tone?: (date: string) => DayTone | undefined;
  /** Several dates can be selected at once (the admin's Available Slots calendar). */
  multiple?: boolean;
  /**
   * The id of a GET form the buttons submit when the page runs without JavaScript: a choosable day as
   * `date=yyyy-MM-dd`, the month buttons as `month=yyyy-MM`. Hydrated, the calendar handles them itself.
   */
  form?: string;
  className?: string;
}

const WEEKDAYS = [
  ["Su", "Sunday"],
  ["Mo", "Monday"],
  ["Tu", "Tuesday"],
  ["We", "Wednesday"],
  ["Th", "Thursday"],
  ["Fr", "Friday"],
  ["Sa", "Saturday"],
] as const;

export const monthOf = (date: string) => date.slice(0, 7);

const parseMonth = (month: string) => parseISO(`${month}-01`);

export const addMonths = (month: string, count: number) =>
  format(addCalendarMonths(parseMonth(month), count), "yyyy-MM");

const daysInMonth = (month: string) => getDaysInMonth(parseMonth(month));

const weekday = (date: string) => getDay(parseISO(date));

/** The month's dates in weeks of seven (Sunday first), null where a week reaches into the next or previous month. */
function monthWeeks(month: string) {
  const first = parseMonth(month);
  const cells = eachDayOfInterval({ start: startOfWeek(first), end: endOfWeek(endOfMonth(first)) }).map((day) =>
    isSameMonth(day, first) ? format(day, "yyyy-MM-dd") : null,
  );
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
}

const toneClass: Record<DayTone, string> = {
  booked: "bg-green-300 text-green-950 hover:bg-green-400",
  available: "bg-green-100 text-green-950 hover:bg-green-200",
};

export function MonthCalendar({
  month,
  onMonthChange,
  today,
  label,
  minMonth,
  isDisabled,
  isSelected,
  onSelect,
  describe,
  tone,
  multiple = false,
  form,
  className,
}: MonthCalendarProps) {
  const headingId = useId();
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const [focused, setFocused] = useState<string | null>(null);
  // Set by the arrow keys: the date whose button takes focus once it is rendered (perhaps in another month).
  const pendingFocus = useRef<string | null>(null);
  const weeks = monthWeeks(month);
  const days = weeks.flat().filter((date): date is string => date !== null);

  // The one date that takes the Tab stop: the one last moved to, else a selected, today's or a choosable day.
  const tabStop =
    (focused && monthOf(focused) === month ? focused : undefined) ??
    days.find(isSelected) ??
    (monthOf(today) === month ? today : undefined) ??
    days.find((date) => !isDisabled(date)) ??
    days[0];

  useEffect(() => {
    const target = pendingFocus.current;
    const button = target ? buttons.current.get(target) : undefined;
    if (!button) return;
    button.focus();
    pendingFocus.current = null;
  }, [focused, month]);

  const canGoBack = !minMonth || month > minMonth;
  /** A button that, without JavaScript, submits `name=value` to the page's form. */
  const submits = (name: string, value: string) =>
    form ? ({ type: "submit", form, name, value } as const) : ({ type: "button" } as const);
  const showMonth = (event: React.MouseEvent, target: string) => {
    event.preventDefault();
    onMonthChange(target);
  };

  function moveTo(date: string) {
    if (minMonth && monthOf(date) < minMonth) return;
    setFocused(date);
    pendingFocus.current = date;
    if (monthOf(date) !== month) onMonthChange(monthOf(date));
  }

  function onKeyDown(event: React.KeyboardEvent, date: string) {
    const day = weekday(date);
    const dayOfMonth = Number(date.slice(8));
    const sameDayInMonth = (count: number) => {
      const target = addMonths(monthOf(date), count);
      return `${target}-${String(Math.min(dayOfMonth, daysInMonth(target))).padStart(2, "0")}`;
    };
    const targets: Record<string, () => string> = {
      ArrowLeft: () => addDays(date, -1),
      ArrowRight: () => addDays(date, 1),
      ArrowUp: () => addDays(date, -7),
      ArrowDown: () => addDays(date, 7),
      Home: () => addDays(date, -day),
      End: () => addDays(date, 6 - day),
      PageUp: () => sameDayInMonth(-1),
      PageDown: () => sameDayInMonth(1),
    };
    const target = targets[event.key];
    if (!target) return;
    event.preventDefault();
    moveTo(target());
  }

  return (
    <div role="group" aria-label={label} className={cn("w-full", className)}>
      <div className="mb-3 flex items-center justify-between gap-2">
        <Button
          {...submits("month", addMonths(month, -1))}
          variant="outline"
          size="icon"
          onClick={(event) => showMonth(event, addMonths(month, -1))}
          disabled={!canGoBack}
          aria-label="Previous month"
        >
          <ChevronLeft aria-hidden />
        </Button>
        <h3 id={headingId} className="font-display text-lg font-semibold" aria-live="polite">
          {formatShopDate(`${month}-01`, "month")}
        </h3>
        <Button
          {...submits("month", addMonths(month, 1))}
          variant="outline"
          size="icon"
          onClick={(event) => showMonth(event, addMonths(month, 1))}
          aria-label="Next month"
        >
          <ChevronRight aria-hidden />
        </Button>
      </div>
      <table
        role="grid"
        aria-labelledby={headingId}
        aria-multiselectable={multiple || undefined}
        className="w-full table-fixed border-separate border-spacing-1"
      >
        <thead>
          <tr>
            {WEEKDAYS.map(([short, long]) => (
              <th
                key={short}
                scope="col"
                abbr={long}
                className="pb-1 text-center text-xs font-semibold text-muted-foreground"
              >
                {short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, weekIndex) => (
            <tr key={weekIndex}>
              {week.map((date, dayIndex) => {
                if (!date) return <td key={dayIndex} />;
                const disabled = isDisabled(date);
                const selected = isSelected(date);
                const dayTone = tone?.(date);
                const extra = describe?.(date);
                return (
                  <td key={date} aria-selected={selected} className="p-0">
                    <button
                      ref={(element) => {
                        if (element) buttons.current.set(date, element);
                        else buttons.current.delete(date);
                      }}
                      {...(disabled ? { type: "button" } : submits("date", date))}
                      tabIndex={date === tabStop ? 0 : -1}
                      aria-label={[formatShopDate(date), date === today ? "today" : undefined, extra]
                        .filter(Boolean)
                        .join(", ")}
                      aria-disabled={disabled || undefined}
                      aria-current={date === today ? "date" : undefined}
                      onClick={(event) => {
                        event.preventDefault();
                        setFocused(date);
                        if (!disabled) onSelect(date);
                      }}
                      onKeyDown={(event) => onKeyDown(event, date)}
                      className={cn(
                        "relative flex aspect-square w-full min-h-10 items-center justify-center rounded-md text-sm font-medium transition-colors",
                        dayTone ? toneClass[dayTone] : !disabled && "hover:bg-muted",
                        disabled && "cursor-not-allowed text-muted-foreground/70",
                        disabled && dayTone && "opacity-60",
                        date === today && "underline decoration-2 underline-offset-4",
                        selected && "bg-primary text-primary-foreground hover:bg-primary/85",
                      )}
                    >
                      {Number(date.slice(8))}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
