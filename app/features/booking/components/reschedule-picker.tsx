import { CalendarClock } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useFetcher, useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { ShopPhoneLink } from "~/features/settings";
import { cn } from "~/lib/cn";
import { formatShopDate, formatTime, formatTimeRange } from "~/lib/shop-time";
import type { ManagedBooking, MoveOptions } from "../booking-answers.schema";

/** What the manage page's action answers to a move: the booking at its new time, or why not. */
export type MoveResult = { moved: ManagedBooking } | { message: string; fieldErrors?: Record<string, string> };

interface ReschedulePickerProps {
  options: MoveOptions;
  /** The answer to a move posted before JavaScript ran (the page's action data). */
  postedResult: MoveResult | undefined;
}

const chipBase =
  "flex min-h-11 items-center justify-center whitespace-nowrap rounded-md border border-input bg-card px-2 py-2 text-sm font-semibold transition-colors hover:border-accent hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring";
const chipChosen = "border-primary bg-primary text-primary-foreground hover:border-primary hover:bg-primary";

const chip = (selected: boolean) => cn(chipBase, selected && chipChosen);

/** Lands on the picker's heading: without JavaScript each choice loads the page again. */
const pickerHref = (date: string | null, barber: MoveOptions["barber"]) =>
  `?${new URLSearchParams({ ...(date ? { date } : {}), barber })}#reschedule-heading`;

/**
 * Moves the booking to another open time: the day and the barber travel in the address (plain
 * links), the time is a radio in a form posted to the page's action, so it all works before
 * JavaScript; once hydrated the post goes through a fetcher and the page refreshes in place.
 */
export function ReschedulePicker({ options, postedResult }: ReschedulePickerProps) {
  const fetcher = useFetcher<MoveResult>();
  const result = fetcher.data ?? postedResult;
  const [picked, setPicked] = useState<string | null>(null);
  // Another day or barber shown: a time picked in the last list is not a choice in this one.
  const listKey = `${options.date}-${options.barber}`;
  const [shownList, setShownList] = useState(listKey);
  if (shownList !== listKey) {
    setShownList(listKey);
    setPicked(null);
  }
  // A time that is no longer offered (taken, or now the booking's own) is no longer the choice.
  const startTime = options.times.some((time) => time.startTime === picked) ? picked : null;
  const busy = fetcher.state !== "idle";
  const { revalidate } = useRevalidator();
  const days = useRef<HTMLElement>(null);

  // The row of days scrolls sideways: bring the chosen day into it (the page itself stays put).
  useEffect(() => {
    const row = days.current;
    const chosen = row?.querySelector<HTMLElement>("[aria-current=date]");
    if (row && chosen) row.scrollLeft = chosen.offsetLeft - row.clientWidth / 2 + chosen.offsetWidth / 2;
  }, [options.date]);

  // The status line beside the button tells the outcome. A refused action does not reload the page's data:
  // fetch the times as they are now (the one chosen was taken).
  const refused = fetcher.state === "idle" && fetcher.data !== undefined && !("moved" in fetcher.data);
  useEffect(() => {
    if (refused) void revalidate();
  }, [refused, fetcher.data, revalidate]);

  const barberChoices = options.memberName
    ? ([
        ["same", `With ${options.memberName}`],
        ["any", "Anyone free"],
      ] as const)
    : [];

  return (
    <section aria-labelledby="reschedule-heading" className="grid gap-5 border-t border-border pt-5">
      <div className="grid gap-1">
        <h2 id="reschedule-heading" className="flex items-center gap-2 text-xl font-semibold">
          <CalendarClock aria-hidden className="size-5 text-accent-text" />
          Change the time
        </h2>
        <p className="text-sm text-muted-foreground">
          Pick another day and time for the same services. Your current time stays yours until the new one is booked.
        </p>
      </div>

      {result && (
        <p
          role={"moved" in result ? "status" : "alert"}
          className={cn(
            "rounded-md p-3 text-sm font-medium",
            "moved" in result ? "bg-success/10 text-success" : "bg-destructive/10 text-destructive",
          )}
        >
          {"moved" in result
            ? `Your booking has moved to ${formatShopDate(result.moved.date)}, ${formatTimeRange(result.moved.startTime, result.moved.endTime)}${result.moved.memberName ? ` with ${result.moved.memberName}` : ""}.`
            : result.message}
        </p>
      )}

      {barberChoices.length > 0 && (
        <nav aria-label="Barber" className="grid grid-cols-2 gap-2">
          {barberChoices.map(([value, label]) => (
            <Link
              key={value}
              to={pickerHref(options.date, value)}
              replace
              preventScrollReset
              aria-current={options.barber === value ? "true" : undefined}
              // A long name ("With Danny Whitworth") wraps inside its half of a phone's width.
              className={cn(chip(options.barber === value), "whitespace-normal text-center [overflow-wrap:anywhere]")}
            >
              {label}
            </Link>
          ))}
        </nav>
      )}

      {options.dates.length === 0 ? (
        <p className="rounded-md bg-muted p-4 text-sm">
          There are no free times {options.barber === "same" && options.memberName ? `with ${options.memberName} ` : ""}
          for these services in the coming weeks. Please call us on{" "}
          <ShopPhoneLink className="font-semibold underline" />.
        </p>
      ) : (
        <>
          <nav ref={days} aria-label="Days with free times" className="relative -mx-1 overflow-x-auto px-1 pb-2">
            <ul className="flex w-max gap-2">
              {options.dates.map((date) => (
                <li key={date}>
                  <Link
                    to={pickerHref(date, options.barber)}
                    replace
                    preventScrollReset
                    aria-current={date === options.date ? "date" : undefined}
                    className={cn(chip(date === options.date), "w-20 flex-col gap-0 leading-tight")}
                  >
                    <span className="text-xs font-medium uppercase">{formatShopDate(date, "weekdayShort")}</span>{" "}
                    <span>{formatShopDate(date, "monthDay")}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </nav>

          <fetcher.Form method="post" className="grid gap-4">
            <input type="hidden" name="intent" value="reschedule" />
            <input type="hidden" name="date" value={options.date ?? ""} />
            <input type="hidden" name="memberId" value={options.memberId ?? ""} />
            <fieldset className="grid gap-3">
              <legend className="mb-3 font-semibold">
                Times on {options.date ? formatShopDate(options.date, "weekdayDate") : ""}
              </legend>
              <div className="grid grid-cols-3 gap-2 sm:grid-cols-4">
                {options.times.map((time) => (
                  <label
                    key={time.startTime}
                    // Styled from the radio itself, so the choice shows before JavaScript too.
                    className={cn(
                      chipBase,
                      "cursor-pointer has-checked:border-primary has-checked:bg-primary has-checked:text-primary-foreground has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring",
                    )}
                  >
                    <input
                      type="radio"
                      name="startTime"
                      value={time.startTime}
                      required
                      checked={startTime === time.startTime}
                      onChange={() => setPicked(time.startTime)}
                      className="sr-only"
                    />
                    {formatTime(time.startTime)}
                  </label>
                ))}
              </div>
            </fieldset>
            <Button type="submit" variant="accent" disabled={busy} className="sm:justify-self-start">
              {busy
                ? "Moving..."
                : startTime
                  ? `Move to ${formatTime(startTime)}, ${formatShopDate(options.date!, "weekdayDate")}`
                  : "Move my booking"}
            </Button>
          </fetcher.Form>
        </>
      )}
    </section>
  );
}
