import type { OutgoingMail } from "~/lib/mailer.server";
import type { ShopSettings } from "~/features/settings/settings.schema";
import { addressLine } from "~/features/settings/shop-facts";
import { formatShopDate, formatTimeRange } from "~/lib/shop-time";
import type { Config } from "~/config.server";
import { ICS_CONTENT_TYPE, bookingIcs, bookingIcsFilename } from "./booking-ics";
import type { z } from "zod";
import type { mailOutcomeSchema } from "./booking.schema";
import { formatPence } from "~/lib/money";

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

/** The booking's calendar file, the same for the mails and the manage page's download. */
export const calendarFile = (shop: ShopSettings, booking: MailBooking, link: string) => ({
  filename: bookingIcsFilename(shop.shopName, booking.reference),
  contentType: ICS_CONTENT_TYPE,
  content: bookingIcs(shop, {
    reference: booking.reference,
    date: booking.date,
    startTime: booking.startTime,
    endTime: booking.endTime,
    serviceTitles: booking.services.map((service) => service.title),
    memberName: booking.memberName,
    manageUrl: link,
    sequence: booking.sequence,
  }),
});

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
}

/** A mail to the customer about their appointment: its details, the private link and the calendar file. */
function appointmentMail(
  config: Config,
  shop: ShopSettings,
  booking: MailBooking,
  token: string,
  parts: AppointmentMailParts,
): OutgoingMail {
  const link = manageUrl(config, token);
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
      `To ${parts.linkUse ?? "see, move or cancel"} your booking, use your private link: ${link}`,
      parts.changeAdvice,
      parts.calendarLine,
      ...signature(shop),
    ].join("\n"),
    attachments: [calendarFile(shop, booking, link)],
  };
}

const onlineChanges = (shop: ShopSettings) =>
  `Online changes are possible up to ${shop.cancellationNoticeHours} hours before the appointment; after that please call us on ${shop.phone}.`;

export const customerConfirmationMail = (config: Config, shop: ShopSettings, booking: MailBooking, token: string) =>
  appointmentMail(config, shop, booking, token, {
    subject: `Your appointment at ${shop.shopName}: ${when(booking)} (${booking.reference})`,
    intro: `Your appointment at ${shop.shopName} is booked.`,
    changeAdvice: onlineChanges(shop),
    calendarLine: "The attached calendar file adds the appointment to your calendar.",
  });

/** Reminds the customer of their appointment, the reminder lead time before it. */
export const reminderMail = (config: Config, shop: ShopSettings, booking: MailBooking, token: string) =>
  appointmentMail(config, shop, booking, token, {
    subject: `Reminder: your appointment at ${shop.shopName} on ${when(booking)} (${booking.reference})`,
    intro: `This is a reminder of your appointment at ${shop.shopName}.`,
    linkUse: "see",
    changeAdvice: `If you cannot make it, please let us know so someone else can have the time: call us on ${shop.phone}.`,
    calendarLine: "The attached calendar file adds the appointment to your calendar.",
  });

const previously = (previous: PreviousTime) =>
  `Previously: ${when(previous)}${previous.memberName ? ` with ${previous.memberName}` : ""}`;

/** Confirms the customer's new time after they moved their booking; the calendar file replaces the old event. */
export const customerRescheduleMail = (
  config: Config,
  shop: ShopSettings,
  booking: MailBooking,
  previous: PreviousTime,
  token: string,
) =>
  appointmentMail(config, shop, booking, token, {
    subject: `Your appointment at ${shop.shopName} has moved to ${when(booking)} (${booking.reference})`,
    intro: `Your appointment at ${shop.shopName} has moved. Your new time:`,
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
      `Notes: ${booking.notes || "none"}`,
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

/** Tells the shop that a customer cancelled through the private link. */
export const shopCancellationMail = (shopEmail: string, booking: MailBooking) =>
  shopNotice(
    shopEmail,
    booking,
    "Booking cancelled",
    "A customer cancelled their appointment online; the slot is available again.",
  );

/** Tells the customer that the shop cancelled (or deleted the slot of) their appointment. */
export function customerCancellationMail(config: Config, shop: ShopSettings, booking: MailBooking): OutgoingMail {
  return {
    to: booking.customerEmail,
    subject: oneLine(`Your appointment at ${shop.shopName} on ${when(booking)} has been cancelled`),
    text: [
      `Hello ${booking.customerName},`,
      "",
      `We are sorry: we had to cancel your appointment on ${when(booking)} (reference ${booking.reference}).`,
      `Please choose another time at ${config.publicUrl}/bookings or call us on ${shop.phone}.`,
      ...signature(shop),
    ].join("\n"),
  };
}

export type MailOutcome = z.infer<typeof mailOutcomeSchema>;
