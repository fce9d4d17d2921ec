import { quoteLines, type OutgoingMail } from "~/lib/mailer.server";
import { addressLine, type ShopSettings } from "~/features/settings";
import { formatShopDate, formatTime, formatTimeRange } from "~/lib/shop-time";
import type { Config } from "~/config.server";
import { bookingIcs, bookingIcsFilename, icsMailContentType, seriesIcs, type IcsBooking } from "./booking-ics";
import type { z } from "zod";
import type { mailOutcomeSchema } from "./booking-answers.schema";
import { formatPence } from "~/lib/money";
import type { CancellationCause } from "./booking-jobs.server";

/* The texts of every booking mail, kept apart from the database code that decides when they go. */

export interface MailBooking {
  reference: string;
  date: string;
  startTime: string;
  endTime: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  notes: string;
  /** The barber who holds the time, when the booking has one. */
  memberName: string | null;
  services: Array<{ title: string; pricePence: number; duration: number }>;
  subtotalPence: number;
  feePence: number;
  totalPence: number;
  durationMinutes: number;
  /** The booking's revision; absent from mails queued before bookings could move. */
  sequence?: number;
  /** What was paid online when booking (a deposit, the whole, a card saved), for the confirmation. */
  paymentLine?: string;
}

/** Where a moved booking was before: the mails say what changed. */
export interface PreviousTime {
  date: string;
  startTime: string;
  endTime: string;
  memberName: string | null;
}

export const manageUrl = (config: Config, token: string) => `${config.publicUrl}/bookings/manage/${token}`;

/** The customer's own page, where every booking of their address is (signed in by a one-time link). */
export const accountUrl = (config: Config) => `${config.publicUrl}/account`;

/** The booking's private link while its token is known, else the customer's page (docs/decisions/027). */
const linkOf = (config: Config, token: string | undefined) => (token ? manageUrl(config, token) : accountUrl(config));

const accountLine = (config: Config) => `All your bookings, and booking again, on your page: ${accountUrl(config)}`;

/** Header values come from visitors; a line break must never reach a header. */
const oneLine = (value: string) => value.replace(/\s+/g, " ").trim();

const when = (booking: Pick<MailBooking, "date" | "startTime" | "endTime">) =>
  `${formatShopDate(booking.date)}, ${formatTimeRange(booking.startTime, booking.endTime)}`;

const details = (booking: MailBooking) => [
  `Date: ${formatShopDate(booking.date)}`,
  `Time: ${formatTimeRange(booking.startTime, booking.endTime)}`,
  ...(booking.memberName ? [`Barber: ${booking.memberName}`] : []),
  "Services:",
  ...booking.services.map(
    (service) => `  - ${service.title} (${formatPence(service.pricePence)}, ${service.duration} mins)`,
  ),
  // A booking made while the fee was included in the prices has no fee to show apart.
  ...(booking.feePence > 0
    ? [`Subtotal: ${formatPence(booking.subtotalPence)}`, `Appointment fee: ${formatPence(booking.feePence)}`]
    : []),
  `Total: ${formatPence(booking.totalPence)}`,
  ...(booking.paymentLine ? [booking.paymentLine] : []),
  `Duration: ${booking.durationMinutes} mins`,
  `Reference: ${booking.reference}`,
];

const signature = (shop: ShopSettings) => ["", shop.shopName, addressLine(shop), shop.phone];

const icsBookingOf = (booking: MailBooking, link: string | undefined, cancelled = false): IcsBooking => ({
  reference: booking.reference,
  date: booking.date,
  startTime: booking.startTime,
  endTime: booking.endTime,
  serviceTitles: booking.services.map((service) => service.title),
  memberName: booking.memberName,
  ...(link ? { manageUrl: link } : {}),
  sequence: booking.sequence,
  cancelled,
});

/**
 * The booking's calendar file, the same for the mails and the manage page's download. A cancelled
 * booking's file cancels the event the earlier files added: same UID, its (raised) sequence.
 */
export const calendarFile = (
  shop: ShopSettings,
  booking: MailBooking,
  link: string | undefined,
  cancelled = false,
) => ({
  filename: bookingIcsFilename(shop.shopName, booking.reference),
  contentType: icsMailContentType(cancelled),
  content: bookingIcs(shop, icsBookingOf(booking, link, cancelled)),
});

/** One date of repeat appointments as the series' confirmation mail tells it: booked (with its link) or not. */
export type SeriesMailEntry =
  | { status: "booked"; bookingId: number; booking: MailBooking; token?: string }
  | { status: "unavailable"; date: string; startTime: string; reason: string };

interface AppointmentMailParts {
  subject: string;
  intro: string;
  /** Lines after the appointment's details (where a moved booking was). */
  afterDetails?: string[];
  /** What the private link lets them do (a reminder usually comes inside the notice period). */
  linkUse?: string;
  /** What to do when the customer cannot come. */
  changeAdvice: string;
  calendarLine: string;
  /** The booking page with the same services and barber chosen ("Book your next visit"). */
  bookAgain?: string;
}

/**
 * A mail to the customer about their appointment: its details, the private link and the calendar file.
 * The link is known only while its token is (docs/decisions/027); without it the mail points to the first one.
 */
function appointmentMail(
  config: Config,
  shop: ShopSettings,
  booking: MailBooking,
  token: string | undefined,
  parts: AppointmentMailParts,
): OutgoingMail {
  // A booking that keeps no sealed token (made before it was kept): its link is not at hand, the page is.
  const link = linkOf(config, token);
  return {
    to: booking.customerEmail,
    subject: oneLine(parts.subject),
    text: [
      `Hello ${booking.customerName},`,
      "",
      parts.intro,
      "",
      ...details(booking),
      ...(parts.afterDetails ?? []),
      "",
      token
        ? `To ${parts.linkUse ?? "see, move or cancel"} your booking, use your private link: ${link}`
        : `To ${parts.linkUse ?? "see, move or cancel"} your booking, sign in to your page: ${link}`,
      parts.changeAdvice,
      parts.calendarLine,
      ...(parts.bookAgain ? ["", `Book your next visit: ${config.publicUrl}${parts.bookAgain}`] : []),
      ...(token ? [accountLine(config)] : []),
      ...signature(shop),
    ].join("\n"),
    attachments: [calendarFile(shop, booking, link)],
  };
}

const seriesLine = (config: Config, entry: SeriesMailEntry) =>
  entry.status === "booked"
    ? `  - ${when(entry.booking)}: booked (${entry.booking.reference}), to see or cancel it: ${linkOf(config, entry.token)}`
    : `  - ${formatShopDate(entry.date)}, ${formatTime(entry.startTime)}: not booked, ${entry.reason.toLowerCase()}`;

/**
 * The one confirmation of repeat appointments (decision 032): the first booking's details, then every date with
 * its status and private link, and one calendar file holding every booked date (each its booking's own event).
 */
export function customerSeriesConfirmationMail(
  config: Config,
  shop: ShopSettings,
  first: MailBooking,
  series: readonly SeriesMailEntry[],
): OutgoingMail {
  const booked = series.flatMap((entry) => (entry.status === "booked" ? [entry] : []));
  return {
    to: first.customerEmail,
    subject: oneLine(
      `Your repeat appointments at ${shop.shopName}: ${booked.length} of ${series.length} booked from ${when(first)}`,
    ),
    text: [
      `Hello ${first.customerName},`,
      "",
      `Your repeat appointments at ${shop.shopName}: ${booked.length} of ${series.length} dates are booked.`,
      "",
      ...details(first),
      "",
      "Your dates:",
      ...series.map((entry) => seriesLine(config, entry)),
      "",
      "Each date is a booking of its own: its private link moves or cancels it, or it and all later ones.",
      onlineChanges(shop),
      "The attached calendar file adds every booked date to your calendar.",
      accountLine(config),
      ...signature(shop),
    ].join("\n"),
    attachments: [
      {
        filename: bookingIcsFilename(shop.shopName, `${first.reference}-series`),
        contentType: icsMailContentType(false),
        content: seriesIcs(
          shop,
          booked.map((entry) => icsBookingOf(entry.booking, linkOf(config, entry.token))),
        ),
      },
    ],
  };
}

const onlineChanges = (shop: ShopSettings) =>
  `Online changes are possible up to ${shop.cancellationNoticeHours} hours before the appointment; after that please call us on ${shop.phone}.`;

export const customerConfirmationMail = (
  config: Config,
  shop: ShopSettings,
  booking: MailBooking,
  token: string | undefined,
) =>
  appointmentMail(config, shop, booking, token, {
    subject: `Your appointment at ${shop.shopName}: ${when(booking)} (${booking.reference})`,
    intro: `Your appointment at ${shop.shopName} is booked.`,
    changeAdvice: onlineChanges(shop),
    calendarLine: "The attached calendar file adds the appointment to your calendar.",
  });

/** Reminds the customer of their appointment, the reminder lead time before it, with the way to book the next. */
export const reminderMail = (
  config: Config,
  shop: ShopSettings,
  booking: MailBooking,
  token: string | undefined,
  bookAgain: string,
) =>
  appointmentMail(config, shop, booking, token, {
    bookAgain,
    subject: `Reminder: your appointment at ${shop.shopName} on ${when(booking)} (${booking.reference})`,
    intro: `This is a reminder of your appointment at ${shop.shopName}.`,
    linkUse: "see",
    changeAdvice: `If you cannot make it, please let us know so someone else can have the time: call us on ${shop.phone}.`,
    calendarLine: "The attached calendar file adds the appointment to your calendar.",
  });

const previously = (previous: PreviousTime) =>
  `Previously: ${when(previous)}${previous.memberName ? ` with ${previous.memberName}` : ""}`;

/** Who moved the booking: the customer through their link, or the shop from its calendar. */
export type MovedBy = "customer" | "shop";

/** Confirms the customer's new time after they or the shop moved it; the calendar file replaces the old event. */
export const customerRescheduleMail = (
  config: Config,
  shop: ShopSettings,
  booking: MailBooking,
  previous: PreviousTime,
  token: string | undefined,
  movedBy: MovedBy = "customer",
) =>
  appointmentMail(config, shop, booking, token, {
    subject: `Your appointment at ${shop.shopName} has moved to ${when(booking)} (${booking.reference})`,
    intro:
      movedBy === "shop"
        ? `We have moved your appointment at ${shop.shopName}. Your new time:`
        : `Your appointment at ${shop.shopName} has moved. Your new time:`,
    afterDetails: [previously(previous)],
    changeAdvice: onlineChanges(shop),
    calendarLine: "The attached calendar file moves the appointment in your calendar.",
  });

/** A mail to the shop about a change a customer made online, with who they are and the appointment. */
function shopNotice(shopEmail: string, booking: MailBooking, subject: string, intro: string, extra: string[] = []) {
  return {
    to: shopEmail,
    replyTo: booking.customerEmail,
    subject: oneLine(`${subject}: ${when(booking)}, ${booking.customerName} (${booking.reference})`),
    text: [
      intro,
      "",
      `Customer: ${booking.customerName}`,
      `Email: ${booking.customerEmail}`,
      `Phone: ${booking.customerPhone}`,
      ...(booking.notes ? ["Notes:", quoteLines(booking.notes)] : ["Notes: none"]),
      "",
      ...details(booking),
      ...extra,
    ].join("\n"),
  } satisfies OutgoingMail;
}

/** Tells the shop about a booking made online. */
export const shopBookingNotice = (shopEmail: string, booking: MailBooking) =>
  shopNotice(shopEmail, booking, "New booking", "A new appointment was booked online.");

/** Tells the shop that a customer moved their booking through the private link. */
export const shopRescheduleNotice = (shopEmail: string, booking: MailBooking, previous: PreviousTime) =>
  shopNotice(
    shopEmail,
    booking,
    "Booking moved",
    "A customer moved their appointment online; the old time is free again.",
    [previously(previous)],
  );

/** What the customer's cancellation mail says happened, by cause. */
const customerCancellationIntro: Record<CancellationCause, (when: string, reference: string) => string> = {
  customer: (at, reference) => `As you asked, your appointment on ${at} (reference ${reference}) is cancelled.`,
  admin: (at, reference) => `We are sorry: we had to cancel your appointment on ${at} (reference ${reference}).`,
  closure: (at, reference) =>
    `We are sorry: the shop is closed that day, so we had to cancel your appointment on ${at} (reference ${reference}).`,
  erasure: (at, reference) =>
    `As you asked us to erase your personal data, your appointment on ${at} (reference ${reference}) is cancelled.`,
  "payment-expired": (at, reference) =>
    `Your appointment on ${at} (reference ${reference}) is cancelled because its payment was not completed in time.`,
};

/** What the shop's copy says happened, by cause. */
const shopCancellationIntro: Record<CancellationCause, string> = {
  customer: "A customer cancelled their appointment online; the slot is available again.",
  admin: "The appointment was cancelled from the admin area; the customer has been mailed.",
  closure: "The appointment was cancelled because the shop is closed that day; the customer has been mailed.",
  erasure: "The appointment was cancelled because its customer asked for their personal data to be erased.",
  "payment-expired":
    "The appointment was cancelled because its payment was not completed in time; the time is free again.",
};

const CANCEL_CALENDAR_LINE = "The attached calendar file removes the appointment from your calendar.";

/**
 * The shop's copy of a cancellation, with the calendar file that removes the event. After an erasure
 * request it names only the reference and the time: the customer's details are what is being erased.
 */
export function shopCancellationMail(
  shopEmail: string,
  shop: ShopSettings,
  booking: MailBooking,
  cause: CancellationCause,
) {
  const attachments = [calendarFile(shop, booking, undefined, true)];
  if (cause === "erasure") {
    return {
      to: shopEmail,
      subject: oneLine(`Booking cancelled: ${when(booking)} (${booking.reference})`),
      text: [
        shopCancellationIntro[cause],
        "",
        `Date: ${formatShopDate(booking.date)}`,
        `Time: ${formatTimeRange(booking.startTime, booking.endTime)}`,
        `Reference: ${booking.reference}`,
      ].join("\n"),
      attachments,
    } satisfies OutgoingMail;
  }
  return { ...shopNotice(shopEmail, booking, "Booking cancelled", shopCancellationIntro[cause]), attachments };
}

/** Tells the customer their appointment is cancelled, whoever cancelled it, with the file that removes it from their calendar. */
export function customerCancellationMail(
  config: Config,
  shop: ShopSettings,
  booking: MailBooking,
  cause: CancellationCause,
): OutgoingMail {
  return {
    to: booking.customerEmail,
    subject: oneLine(
      `Your appointment at ${shop.shopName} on ${when(booking)} has been cancelled (${booking.reference})`,
    ),
    text: [
      // No name when the customer was erased: the notice of the cancellation still goes to them.
      booking.customerName ? `Hello ${booking.customerName},` : "Hello,",
      "",
      customerCancellationIntro[cause](when(booking), booking.reference),
      `To book another time, visit ${config.publicUrl}/bookings or call us on ${shop.phone}.`,
      CANCEL_CALENDAR_LINE,
      ...(cause === "erasure" ? [] : [accountLine(config)]),
      ...signature(shop),
    ].join("\n"),
    attachments: [calendarFile(shop, booking, undefined, true)],
  };
}

export type MailOutcome = z.infer<typeof mailOutcomeSchema>;
