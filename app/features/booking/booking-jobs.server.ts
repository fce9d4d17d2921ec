import type { Db } from "~/db/client.server";
import { cancelJobs, enqueueJob } from "~/features/jobs/jobs.server";
import { loadSettings } from "~/features/settings/settings.server";
import { shopInstant } from "~/lib/shop-time";
import type { MailBooking } from "./booking-mail.server";

/*
 * The booking's side of the job queue: which mails a booking change queues. Each is called
 * inside the transaction of that change, so the mail is queued exactly when the change commits.
 */

export const BOOKING_MAIL_JOB = "booking-mail";
export const BOOKING_REMINDER_JOB = "booking-reminder";

export type BookingMailKind = "confirmation" | "shop-notice" | "customer-cancellation" | "shop-cancellation";

export interface BookingMailPayload {
  bookingId: number;
  mail: BookingMailKind;
  /** The booking as it was when the mail was queued: a deleted slot takes its booking row with it. */
  booking: MailBooking;
  /** The manage-link token, for the mails that carry the link. */
  token?: string;
}

export interface BookingReminderPayload {
  bookingId: number;
  token: string;
}

const HOUR_MS = 3_600_000;

/** The reminder lead time: the shop's setting. */
export async function reminderLeadHours(db: Db): Promise<number> {
  return (await loadSettings(db)).reminderLeadHours;
}

export const reminderKey = (bookingId: number) => `${BOOKING_REMINDER_JOB}:${bookingId}`;

/** The instant the reminder goes: the lead time before the appointment's start in the shop's clock. */
export const reminderInstant = (date: string, startTime: string, leadHours: number) =>
  new Date(shopInstant(date, startTime).getTime() - leadHours * HOUR_MS);

async function queueMail(db: Db, mail: BookingMailKind, bookingId: number, booking: MailBooking, token?: string) {
  const payload: BookingMailPayload = { bookingId, mail, booking, ...(token ? { token } : {}) };
  await enqueueJob(db, { kind: BOOKING_MAIL_JOB, payload });
}

/**
 * A new booking: the customer's confirmation, the shop's notice and the reminder (none when the
 * appointment is already inside the lead time, since the confirmation has just told them).
 */
export async function queueBookingMails(
  db: Db,
  booking: MailBooking & { id: number },
  token: string,
  now: Date = new Date(),
) {
  await queueMail(db, "confirmation", booking.id, booking, token);
  await queueMail(db, "shop-notice", booking.id, booking);
  const runAt = reminderInstant(booking.date, booking.startTime, await reminderLeadHours(db));
  if (runAt > now) {
    const payload: BookingReminderPayload = { bookingId: booking.id, token };
    await enqueueJob(db, { kind: BOOKING_REMINDER_JOB, key: reminderKey(booking.id), payload, runAt }, now);
  }
}

/** A cancelled booking: its reminder goes, and the other side is told. */
export async function queueCancellationMail(db: Db, booking: MailBooking & { id: number }, by: "customer" | "admin") {
  await cancelJobs(db, reminderKey(booking.id));
  await queueMail(db, by === "customer" ? "shop-cancellation" : "customer-cancellation", booking.id, booking);
}
