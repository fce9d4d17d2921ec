import type { Mailer, OutgoingMail } from "~/lib/mailer.server";
import { SHOP_ADDRESS_LINE, SHOP_NAME, SHOP_PHONE } from "~/lib/shop";
import { formatShopDate, formatTimeRange } from "~/lib/shop-time";
import type { Config } from "../../../server/config";
import { ICS_CONTENT_TYPE, bookingIcs, bookingIcsFilename } from "./booking-ics";
import { formatPence, type MailStatus } from "./booking.schema";

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
  services: Array<{ title: string; pricePence: number; duration: number }>;
  subtotalPence: number;
  feePence: number;
  totalPence: number;
  durationMinutes: number;
}

export const manageUrl = (config: Config, token: string) => `${config.publicUrl}/bookings/manage/${token}`;

/** Header values come from visitors; a line break must never reach a header. */
const oneLine = (value: string) => value.replace(/\s+/g, " ").trim();

const when = (booking: MailBooking) =>
  `${formatShopDate(booking.date)}, ${formatTimeRange(booking.startTime, booking.endTime)}`;

const details = (booking: MailBooking) => [
  `Date: ${formatShopDate(booking.date)}`,
  `Time: ${formatTimeRange(booking.startTime, booking.endTime)}`,
  "Services:",
  ...booking.services.map(
    (service) => `  - ${service.title} (${formatPence(service.pricePence)}, ${service.duration} mins)`,
  ),
  `Subtotal: ${formatPence(booking.subtotalPence)}`,
  `Appointment fee: ${formatPence(booking.feePence)}`,
  `Total: ${formatPence(booking.totalPence)}`,
  `Duration: ${booking.durationMinutes} mins`,
  `Reference: ${booking.reference}`,
];

const signature = ["", SHOP_NAME, SHOP_ADDRESS_LINE, SHOP_PHONE];

export function confirmationMails(config: Config, booking: MailBooking, token: string): OutgoingMail[] {
  const link = manageUrl(config, token);
  const customer: OutgoingMail = {
    to: booking.customerEmail,
    subject: `Your appointment at ${SHOP_NAME}: ${when(booking)} (${booking.reference})`,
    text: [
      `Hello ${booking.customerName},`,
      "",
      `Your appointment at ${SHOP_NAME} is booked.`,
      "",
      ...details(booking),
      "",
      `To see or cancel your booking, use your private link: ${link}`,
      `Online cancellation is possible up to ${config.bookingCancelNoticeHours} hours before the appointment; after that please call us on ${SHOP_PHONE}.`,
      "The attached calendar file adds the appointment to your calendar.",
      ...signature,
    ].join("\n"),
    attachments: [
      {
        filename: bookingIcsFilename(booking.reference),
        contentType: ICS_CONTENT_TYPE,
        content: bookingIcs({
          reference: booking.reference,
          date: booking.date,
          startTime: booking.startTime,
          endTime: booking.endTime,
          serviceTitles: booking.services.map((service) => service.title),
          manageUrl: link,
        }),
      },
    ],
  };
  if (!config.mail.shopEmail) return [customer];
  const shop: OutgoingMail = {
    to: config.mail.shopEmail,
    replyTo: booking.customerEmail,
    subject: oneLine(`New booking: ${when(booking)}, ${booking.customerName} (${booking.reference})`),
    text: [
      "A new appointment was booked online.",
      "",
      `Customer: ${booking.customerName}`,
      `Email: ${booking.customerEmail}`,
      `Phone: ${booking.customerPhone}`,
      `Notes: ${booking.notes || "none"}`,
      "",
      ...details(booking),
    ].join("\n"),
  };
  return [customer, shop];
}

/** Tells the customer that the shop cancelled (or deleted the slot of) their appointment. */
export function customerCancellationMail(config: Config, booking: MailBooking): OutgoingMail {
  return {
    to: booking.customerEmail,
    subject: `Your appointment at ${SHOP_NAME} on ${when(booking)} has been cancelled`,
    text: [
      `Hello ${booking.customerName},`,
      "",
      `We are sorry: we had to cancel your appointment on ${when(booking)} (reference ${booking.reference}).`,
      `Please choose another time at ${config.publicUrl}/bookings or call us on ${SHOP_PHONE}.`,
      ...signature,
    ].join("\n"),
  };
}

/** Tells the shop that a customer cancelled through the private link. */
export function shopCancellationMail(shopEmail: string, booking: MailBooking): OutgoingMail {
  return {
    to: shopEmail,
    replyTo: booking.customerEmail,
    subject: oneLine(`Booking cancelled: ${when(booking)}, ${booking.customerName} (${booking.reference})`),
    text: [
      "A customer cancelled their appointment online; the slot is available again.",
      "",
      `Customer: ${booking.customerName}`,
      `Email: ${booking.customerEmail}`,
      `Phone: ${booking.customerPhone}`,
      "",
      ...details(booking),
    ].join("\n"),
  };
}

export interface MailOutcome {
  status: MailStatus;
  error: string | null;
}

/** Sends every mail; one failing does not stop the others, and the outcome names what failed. */
export async function deliver(mailer: Mailer, mails: OutgoingMail[]): Promise<MailOutcome> {
  if (!mailer.enabled || mails.length === 0) return { status: "not-configured", error: null };
  const results = await Promise.allSettled(mails.map((mail) => mailer.send(mail)));
  const errors = results.flatMap((result, index) =>
    result.status === "rejected"
      ? [`${mails[index]?.to}: ${result.reason instanceof Error ? result.reason.message : String(result.reason)}`]
      : [],
  );
  return errors.length ? { status: "failed", error: errors.join("; ") } : { status: "sent", error: null };
}
