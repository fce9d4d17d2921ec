import { useEffect, useState } from "react";
import { Form, Link, useLocation, useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/input";
import type { Service } from "~/features/services";
import type { PublicTeamMember } from "~/features/team";
import { addDays, formatShopDate } from "~/lib/shop-time";
import { formatPence } from "~/lib/money";
import { calendarUrl, weekStart, type CalendarQuery } from "../calendar-query";
import type { OwnerMoveChoice } from "../calendar-move.server";
import type { CalendarData } from "../calendar.server";
import { StatusLegend } from "./calendar-booking-card";
import { DayView, type Column, type ShopNow } from "./calendar-day-view";
import { BlockForm } from "./calendar-desk-forms";
import { CalendarFeeds, type ShownFeedAddress } from "./calendar-feed-form";
import { MoveSheet } from "./calendar-move-sheet";
import { CalendarWeekView } from "./calendar-week-view";
import { PhoneBookingDialog, type NewAppointmentRequest } from "./phone-booking-dialog";
import { WalkInForm, type WalkInFailure } from "./walk-in-form";

const REFRESH_MS = 60_000;
/** Another day shown: the "Move…" sheet closes. */
const closedSheet = { move: undefined, moveDate: undefined, moveBarber: undefined };

interface OwnerCalendarProps {
  calendar: CalendarData;
  query: CalendarQuery & { date: string };
  today: string;
  /** The shop's date and clock time when the page was rendered: attendance can be marked once a booking has begun. */
  now: ShopNow;
  /** The refusal of a form posted without JavaScript, and which form (`intent`) posted it. */
  failure?: (WalkInFailure & { intent: string }) | undefined;
  /** A calendar-feed address just made: shown once. */
  feed?: ShownFeedAddress | undefined;
  /** The day's bookings with money on them and the owner's payment actions (the payments feature's). */
  paymentPanel?: React.ReactNode;
  /** Today's walk-in queue, beside the barbers' columns of the day view. */
  queuePanel?: React.ReactNode;
  /** The "Move…" sheet's day, barber and free times, when one is open. */
  moveChoice: OwnerMoveChoice | null;
  /** For "Book for a caller" and a new appointment on an empty time. */
  team: readonly PublicTeamMember[];
  services: readonly Service[];
}

/**
 * The owner's calendar, the shop's one day view: barbers side by side on a day's time line, or a week; every
 * desk action is here (book for a caller, a new appointment on an empty time, walk-ins, blocks, moves, attendance).
 */
export function OwnerCalendar(props: OwnerCalendarProps) {
  const { calendar, query, today, now, failure, feed, paymentPanel, queuePanel, moveChoice, team, services } = props;
  const [newAppointment, setNewAppointment] = useState<NewAppointmentRequest | null>(null);
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const link = (change: Parameters<typeof calendarUrl>[1]) => calendarUrl(here, change);
  const step = query.view === "week" ? 7 : 1;
  const columns: Column[] = [
    ...calendar.members.map((member) => ({ key: String(member.id), memberId: member.id, name: member.name })),
    ...(calendar.bookings.some((booking) => booking.memberId === null)
      ? [{ key: "none", memberId: null, name: "No barber" }]
      : []),
  ];
  const shownOnPhone = query.barber ?? columns[0]?.memberId ?? null;
  const moving = calendar.bookings.find((booking) => booking.id === query.move);
  useAutoRefresh();

  return (
    <main id="main" className="mx-auto w-full max-w-[100rem] px-3 pb-16 pt-24 noscript:max-xl:pt-8 sm:px-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold">Calendar</h1>
        <div className="flex flex-wrap gap-2">
          <PhoneBookingDialog date={query.date} services={services} team={team} request={newAppointment} />
          <Button variant="outline" asChild>
            <Link to="/admin">Back to Dashboard</Link>
          </Button>
        </div>
      </div>
      <nav aria-label="Days" className="mb-4 flex flex-wrap items-end gap-2">
        <Button variant="outline" size="sm" asChild>
          <Link to={link({ date: addDays(query.date, -step), ...closedSheet })}>
            Previous {query.view === "week" ? "week" : "day"}
          </Link>
        </Button>
        <Button variant="outline" size="sm" asChild>
          <Link to={link({ date: today, ...closedSheet })}>Today</Link>
        </Button>
        <Button variant="outline" size="sm" asChild>
          <Link to={link({ date: addDays(query.date, step), ...closedSheet })}>
            Next {query.view === "week" ? "week" : "day"}
          </Link>
        </Button>
        <Form method="get" className="flex items-end gap-2">
          <input type="hidden" name="view" value={query.view} />
          {query.cancelled && <input type="hidden" name="cancelled" value="1" />}
          <Label className="grid gap-1">
            Go to date
            <Input type="date" name="date" defaultValue={query.date} className="w-auto" />
          </Label>
          <Button type="submit" size="sm" variant="outline">
            Show
          </Button>
        </Form>
        <span className="mx-2 flex gap-1" role="group" aria-label="View">
          <Button size="sm" variant={query.view === "day" ? "default" : "outline"} asChild>
            <Link to={link({ view: "day" })} aria-current={query.view === "day" ? "page" : undefined}>
              Day
            </Link>
          </Button>
          <Button size="sm" variant={query.view === "week" ? "default" : "outline"} asChild>
            <Link to={link({ view: "week" })} aria-current={query.view === "week" ? "page" : undefined}>
              Week
            </Link>
          </Button>
        </span>
        <Button size="sm" variant="ghost" asChild>
          <Link to={link({ cancelled: !query.cancelled })}>
            {query.cancelled ? "Hide cancelled" : "Show cancelled"}
          </Link>
        </Button>
      </nav>
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-x-4">
        <h2 className="text-xl font-semibold">
          {query.view === "week" ? `Week of ${formatShopDate(weekStart(query.date))}` : formatShopDate(query.date)}
        </h2>
        <p className="text-sm tabular-nums" data-testid="takings">
          Takings: <strong>{formatPence(calendar.days.reduce((sum, day) => sum + day.takingsPence, 0))}</strong>{" "}
          <span className="text-muted-foreground">(booked and attended, walk-ins included, no-shows left out)</span>
        </p>
      </div>
      {failure && (
        <p role="alert" className="mb-4 rounded-md border border-destructive bg-red-50 p-3 text-sm text-red-950">
          {failure.message}
          {/* Without JavaScript the answer opens at the top: the walk-in form says it again beside its field. */}
          {(failure.intent === "walk-in" || failure.intent === "block") && (
            <>
              {" "}
              <a href={`#${failure.intent}`} className="font-semibold underline">
                {failure.intent === "walk-in" ? "Go to the walk-in form" : "Go to the block form"}
              </a>
            </>
          )}
        </p>
      )}
      {moving && moveChoice && (
        <MoveSheet
          booking={moving}
          members={calendar.members}
          choice={moveChoice}
          query={query}
          back={link({ move: undefined, moveDate: undefined, moveBarber: undefined })}
        />
      )}
      <StatusLegend />
      {query.view === "week" ? (
        <CalendarWeekView calendar={calendar} columns={columns} link={link} />
      ) : (
        <div className="gap-3 lg:flex lg:items-start">
          <div className="min-w-0 flex-1">
            <DayView
              day={calendar.days[0]!}
              calendar={calendar}
              columns={columns}
              shownOnPhone={shownOnPhone}
              link={link}
              here={here}
              now={now}
              onNewAppointment={(memberId, startTime) => setNewAppointment({ key: Date.now(), memberId, startTime })}
            />
          </div>
          {queuePanel}
        </div>
      )}
      {paymentPanel}
      <div className="mt-6 grid gap-4 lg:grid-cols-2">
        <WalkInForm
          calendar={calendar}
          date={query.date}
          back={here}
          failure={failure?.intent === "walk-in" ? failure : undefined}
        />
        <BlockForm
          calendar={calendar}
          date={query.date}
          back={here}
          failure={failure?.intent === "block" ? failure : undefined}
        />
      </div>
      <CalendarFeeds members={calendar.members} feed={feed} back={here} />
    </main>
  );
}

/** The view reloads its data every minute and when the tab comes back, so the day on screen is the day in the shop. */
function useAutoRefresh() {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    const timer = setInterval(() => void revalidate(), REFRESH_MS);
    const onFocus = () => void revalidate();
    window.addEventListener("focus", onFocus);
    return () => {
      clearInterval(timer);
      window.removeEventListener("focus", onFocus);
    };
  }, [revalidate]);
}
