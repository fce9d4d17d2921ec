import { useEffect, useRef } from "react";
import { Form, Link, useNavigate, useSubmit } from "react-router";
import { Button } from "~/components/ui/button";
import { Input, Label, NativeSelect } from "~/components/ui/input";
import { formatShopDate, formatTimeRange } from "~/lib/shop-time";
import type { CalendarQuery } from "../calendar-query";
import type { OwnerMoveChoice } from "../calendar-move.server";
import type { CalendarBooking, CalendarData } from "../calendar.server";

const chip =
  "flex min-h-11 cursor-pointer items-center justify-center rounded-md border border-input bg-card px-2 text-sm font-semibold tabular-nums has-checked:border-primary has-checked:bg-primary has-checked:text-primary-foreground has-focus-visible:outline-2 has-focus-visible:outline-ring";

interface MoveSheetProps {
  booking: CalendarBooking;
  members: CalendarData["members"];
  choice: OwnerMoveChoice;
  query: CalendarQuery & { date: string };
  /** The calendar without the sheet. */
  back: string;
}

/**
 * "Move…": a sheet over the calendar (from the bottom on a phone, in the middle on a wide screen), rendered by
 * the server, so it opens in view with or without JavaScript. The day and barber are a GET form (the page
 * reloads their free times); the time is one of the barber's free starts, or a typed one on the owner's word.
 */
export function MoveSheet({ booking, members, choice, query, back }: MoveSheetProps) {
  const submit = useSubmit();
  const navigate = useNavigate();
  const sheet = useRef<HTMLElement>(null);
  const barber = members.find((member) => member.id === choice.memberId);

  useEffect(() => {
    sheet.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") void navigate(back, { preventScrollReset: true });
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [back, navigate, booking.id]);

  const reload = (form: HTMLFormElement | null) => submit(form, { preventScrollReset: true, replace: true });

  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center bg-black/40 sm:items-center sm:p-4">
      <section
        ref={sheet}
        role="dialog"
        aria-modal="true"
        aria-labelledby="move-heading"
        tabIndex={-1}
        className="grid max-h-[90dvh] w-full gap-4 overflow-y-auto rounded-t-xl bg-card p-4 shadow-xl outline-none sm:max-w-xl sm:rounded-xl sm:p-6"
      >
        <h2 id="move-heading" className="text-lg font-semibold">
          Move {booking.customerName}'s booking ({formatTimeRange(booking.startTime, booking.endTime)},{" "}
          {booking.services.join(", ")})
        </h2>
        <Form method="get" className="flex flex-wrap items-end gap-3" preventScrollReset>
          <input type="hidden" name="date" value={query.date} />
          <input type="hidden" name="view" value={query.view} />
          {query.barber !== undefined && <input type="hidden" name="barber" value={query.barber} />}
          {query.cancelled && <input type="hidden" name="cancelled" value="1" />}
          <input type="hidden" name="move" value={booking.id} />
          <Label className="grid gap-1">
            Day
            <Input
              type="date"
              name="moveDate"
              defaultValue={choice.date}
              required
              className="w-auto"
              onChange={(event) => event.currentTarget.value && reload(event.currentTarget.form)}
            />
          </Label>
          <Label className="grid gap-1">
            Barber
            <NativeSelect
              name="moveBarber"
              defaultValue={choice.memberId ?? ""}
              className="w-auto"
              onChange={(event) => reload(event.currentTarget.form)}
            >
              {choice.memberId === null && <option value="">No barber</option>}
              {members.map((member) => (
                <option key={member.id} value={member.id}>
                  {member.name}
                </option>
              ))}
            </NativeSelect>
          </Label>
          <noscript>
            <Button type="submit" variant="outline">
              Show free times
            </Button>
          </noscript>
        </Form>
        <Form method="post" className="grid gap-4">
          <input type="hidden" name="intent" value="move" />
          <input type="hidden" name="back" value={back} />
          <input type="hidden" name="bookingId" value={booking.id} />
          <input type="hidden" name="date" value={choice.date} />
          <input type="hidden" name="memberId" value={choice.memberId ?? ""} />
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">
              Free times{barber ? ` with ${barber.name}` : ""} on {formatShopDate(choice.date)}
            </legend>
            {choice.times.length > 0 ? (
              <div className="grid grid-cols-[repeat(auto-fill,minmax(4.5rem,1fr))] gap-2">
                {choice.times.map((time) => (
                  <label key={time} className={chip}>
                    <input type="radio" name="startTime" value={time} className="sr-only" />
                    {time}
                  </label>
                ))}
              </div>
            ) : (
              <p className="text-sm text-muted-foreground">No free time that day: type a time below.</p>
            )}
          </fieldset>
          <div className="flex flex-wrap items-end gap-3">
            <Label className="grid gap-1">
              Or type a time
              <Input type="time" name="otherTime" step={300} className="w-auto" />
            </Label>
            <Label className="flex items-center gap-2 pb-2">
              <input type="checkbox" name="override" className="size-4" /> Outside hours
            </Label>
          </div>
          <div className="flex flex-wrap gap-3">
            <Button type="submit">Move booking</Button>
            <Button variant="ghost" asChild>
              <Link to={back} preventScrollReset>
                Cancel
              </Link>
            </Button>
          </div>
        </Form>
      </section>
    </div>
  );
}
