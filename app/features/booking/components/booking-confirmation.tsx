import { CalendarPlus, CircleCheck } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, useMatches } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { publicUrlFrom } from "~/features/seo";
import { useShopSettings } from "~/features/settings";
import { formatShopDate, formatTimeRange, fromMinutes, toMinutes } from "~/lib/shop-time";
import { bookingIcs, bookingIcsFilename, seriesIcs, type IcsBooking } from "../booking-ics";
import { SeriesDates } from "./repeat-picker";
import { type BookingConfirmation as Confirmation, type BookingSummary } from "../booking-answers.schema";
import { formatPence, toPence } from "~/lib/money";

const manageBookingPath = (token: string) => `/bookings/manage/${token}`;

/** Date, time, services and money of one booking, as the confirmation and the manage page show it. */
export function BookingFacts({ booking }: { booking: BookingSummary }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-5 gap-y-3 sm:gap-x-8">
      <dt className="text-sm font-semibold text-muted-foreground">Reference</dt>
      <dd className="font-mono text-lg font-bold tracking-wider">{booking.reference}</dd>
      <dt className="text-sm font-semibold text-muted-foreground">Date</dt>
      <dd>{formatShopDate(booking.date)}</dd>
      <dt className="text-sm font-semibold text-muted-foreground">Time</dt>
      <dd className="tabular-nums">{formatTimeRange(booking.startTime, booking.endTime)}</dd>
      {booking.memberName && (
        <>
          <dt className="text-sm font-semibold text-muted-foreground">Barber</dt>
          <dd>{booking.memberName}</dd>
        </>
      )}
      <dt className="text-sm font-semibold text-muted-foreground">Services</dt>
      <dd>
        <ul className="grid gap-0.5">
          {booking.services.map((service, index) => (
            <li key={`${service.title}-${index}`}>
              {service.title} <span className="text-muted-foreground">({service.duration} mins)</span>
            </li>
          ))}
        </ul>
      </dd>
      <dt className="text-sm font-semibold text-muted-foreground">Total</dt>
      <dd>
        <span className="font-bold tabular-nums">{formatPence(toPence(booking.total))}</span>{" "}
        <span className="text-sm text-muted-foreground">
          {booking.fee > 0
            ? `(includes the ${formatPence(toPence(booking.fee))} appointment fee; ${booking.duration} mins)`
            : `(${booking.duration} mins)`}
        </span>
      </dd>
    </dl>
  );
}

/**
 * What the customer keeps after booking: the facts, a calendar file and the private manage link. The server
 * renders it too, answering the form posted without JavaScript.
 */
export function BookingConfirmation({
  confirmation,
  onDone,
  bookAgain,
}: {
  confirmation: Confirmation;
  onDone: () => void;
  /** The booking page with the same services and barber; once hydrated, `onBookAgain` keeps the typed details too. */
  bookAgain?: { href: string; onBookAgain?: () => void };
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const managePath = manageBookingPath(confirmation.manageToken);
  const shop = useShopSettings();
  const publicUrl = publicUrlFrom(useMatches());

  useEffect(() => {
    heading.current?.focus();
    heading.current?.scrollIntoView({ block: "start" });
  }, [confirmation]);

  const event = (reference: string, date: string, startTime: string): IcsBooking => ({
    reference,
    date,
    startTime,
    endTime: fromMinutes(toMinutes(startTime) + confirmation.duration),
    serviceTitles: confirmation.services.map((service) => service.title),
    // The address the confirmation mail links to as well; each later date's own link is in the mail.
    ...(reference === confirmation.reference ? { manageUrl: `${publicUrl}${managePath}` } : {}),
  });
  const series = confirmation.series;
  // Repeat appointments: one file with every booked date, each under its booking's own UID.
  const ics = series
    ? seriesIcs(
        shop,
        series.flatMap((entry) => (entry.reference ? [event(entry.reference, entry.date, entry.startTime)] : [])),
      )
    : bookingIcs(shop, event(confirmation.reference, confirmation.date, confirmation.startTime));

  return (
    <Card role="region" aria-labelledby="booking-confirmed-title" className="scroll-mt-24 border-green-700/40">
      <CardHeader>
        <h2
          id="booking-confirmed-title"
          ref={heading}
          tabIndex={-1}
          className="flex items-center gap-2 text-2xl font-semibold outline-none"
        >
          <CircleCheck className="size-6 text-success" aria-hidden />
          {series ? "Your repeat appointments are booked" : "Your appointment is booked"}
        </h2>
        <p className="text-sm text-muted-foreground">
          {confirmation.mailStatus === "pending" || confirmation.mailStatus === "sent"
            ? "A confirmation email is on its way to you. Keep your reference and the link below to view or cancel your booking."
            : "Keep your reference and the link below: it is how you view or cancel your booking."}
        </p>
      </CardHeader>
      <CardContent className="grid gap-5">
        <BookingFacts booking={confirmation} />
        {confirmation.included && <p className="text-sm font-medium">{confirmation.included}</p>}
        {series && (
          <div className="grid gap-2">
            <h3 className="font-semibold">
              {series.filter((entry) => entry.status === "booked").length} of {series.length} dates booked
            </h3>
            <SeriesDates dates={series} label="Your repeat appointments" />
            <p className="text-sm text-muted-foreground">
              Each date is a booking of its own, with its own link in your confirmation email.
            </p>
          </div>
        )}
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          <Button asChild variant="accent">
            <a
              href={`data:text/calendar;charset=utf-8,${encodeURIComponent(ics)}`}
              download={bookingIcsFilename(shop.shopName, confirmation.reference)}
            >
              <CalendarPlus aria-hidden />
              Add to calendar
            </a>
          </Button>
          <Button asChild variant="outline">
            <Link to={managePath}>View or cancel your booking</Link>
          </Button>
          {bookAgain && (
            <Button asChild variant="outline">
              <Link
                to={bookAgain.href}
                onClick={(event) => {
                  if (!bookAgain.onBookAgain) return;
                  event.preventDefault();
                  bookAgain.onBookAgain();
                }}
              >
                Book your next visit
              </Link>
            </Button>
          )}
          {/* Without JavaScript, a fresh booking page. */}
          <form method="get" action="/bookings" className="contents">
            <Button
              type="submit"
              variant="ghost"
              onClick={(event) => {
                event.preventDefault();
                onDone();
              }}
            >
              Book another appointment
            </Button>
          </form>
        </div>
      </CardContent>
    </Card>
  );
}
