import type { Db } from "~/db/client.server";
import { cancelJobs, enqueueJob } from "~/features/jobs/jobs.server";
import { loadSettings } from "~/features/settings/settings.server";
import { shopInstant } from "~/lib/shop-time";
import type { MailBooking, PreviousTime } from "./booking-mail.server";
import { queueBookingTexts, textReminderKey } from "~/features/texts/texts.server";

/*
 * The booking's side of the job queue: which mails a booking change queues. Each is called
 * inside the transaction of that change, so the mail is queued exactly when the change commits.
 */

export const BOOKING_MAIL_JOB = "booking-mail";
export const BOOKING_REMINDER_JOB = "booking-reminder";

export type BookingMailKind =
  "confirmation" | "shop-notice" | "customer-cancellation" | "shop-cancellation" | "reschedule" | "shop-reschedule";

export interface BookingMailPayload {
  bookingId: number;
  mail: BookingMailKind;
  /** The booking as it was when the mail was queued: a deleted slot takes its booking row with it. */
  booking: MailBooking;
  /** The manage-link token, for the mails that carry the link. */
  token?: string;
  /** Where a moved booking was, for the mails that say it moved. */
  previous?: PreviousTime;
}

export interface BookingReminderPayload {
  bookingId: number;
  token: string;
  /** The time it reminds of: a booking moved since is reminded by its new job, not this one. */
  date?: string;
  startTime?: string;
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

type QueuedBooking = MailBooking & { id: number; smsConsent?: boolean };

async function queueMail(
  db: Db,
  mail: BookingMailKind,
  booking: QueuedBooking,
  extra: Pick<BookingMailPayload, "token" | "previous"> = {},
) {
  const payload: BookingMailPayload = { bookingId: booking.id, mail, booking, ...extra };
  await enqueueJob(db, { kind: BOOKING_MAIL_JOB, payload });
}

/**
 * Puts the booking's one reminder at the lead time before its start, replacing any earlier one;
 * none when the appointment is already inside the lead time, since the mail just sent tells them.
 */
async function scheduleReminder(db: Db, booking: QueuedBooking, token: string, now: Date) {
  const runAt = reminderInstant(booking.date, booking.startTime, await reminderLeadHours(db));
  await queueBookingTexts(db, booking, token, runAt, now, { confirmation: false });
  if (runAt <= now) {
    await cancelJobs(db, reminderKey(booking.id));
    return;
  }
  const payload: BookingReminderPayload = {
    bookingId: booking.id,
    token,
    date: booking.date,
    startTime: booking.startTime,
  };
  await enqueueJob(db, { kind: BOOKING_REMINDER_JOB, key: reminderKey(booking.id), payload, runAt }, now);
}

/** A new booking: the customer's confirmation, the shop's notice and the reminder. */
export async function queueBookingMails(db: Db, booking: QueuedBooking, token: string, now: Date = new Date()) {
  await queueMail(db, "confirmation", booking, { token });
  await queueBookingTexts(db, booking, token, undefined, now, { confirmation: true });
  await queueMail(db, "shop-notice", booking);
  await scheduleReminder(db, booking, token, now);
}

/** A booking the customer moved: both sides are told, and the reminder moves with it. */
export async function queueRescheduleMails(
  db: Db,
  booking: QueuedBooking,
  previous: PreviousTime,
  token: string,
  now: Date = new Date(),
) {
  await queueMail(db, "reschedule", booking, { token, previous });
  await queueMail(db, "shop-reschedule", booking, { previous });
  await scheduleReminder(db, booking, token, now);
}

/** A cancelled booking: its reminder goes, and the other side is told. */
export async function queueCancellationMail(db: Db, booking: QueuedBooking, by: "customer" | "admin") {
  await cancelJobs(db, reminderKey(booking.id));
  await cancelJobs(db, textReminderKey(booking.id));
  await queueMail(db, by === "customer" ? "shop-cancellation" : "customer-cancellation", booking);
}
