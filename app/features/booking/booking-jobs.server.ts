import type { Db } from "~/db/client.server";
import { cancelJobs, enqueueJob, findJob } from "~/features/jobs/jobs.server";
import { loadSettings } from "~/features/settings/settings.server";
import { shopInstant } from "~/lib/shop-time";
import type { MailBooking, MovedBy, PreviousTime } from "./booking-mail.server";

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
  /** Who moved it; the customer when absent. */
  movedBy?: MovedBy;
}

export interface BookingReminderPayload {
  bookingId: number;
  /** Absent when the shop moved a booking whose link it no longer knew: the mail then points to the confirmation. */
  token?: string;
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

type QueuedBooking = MailBooking & { id: number };

async function queueMail(
  db: Db,
  mail: BookingMailKind,
  booking: QueuedBooking,
  extra: Pick<BookingMailPayload, "token" | "previous" | "movedBy"> = {},
) {
  const payload: BookingMailPayload = { bookingId: booking.id, mail, booking, ...extra };
  await enqueueJob(db, { kind: BOOKING_MAIL_JOB, payload });
}

/**
 * Puts the booking's one reminder at the lead time before its start, replacing any earlier one;
 * none when the appointment is already inside the lead time, since the mail just sent tells them.
 */
async function scheduleReminder(db: Db, booking: QueuedBooking, token: string | undefined, now: Date) {
  const runAt = reminderInstant(booking.date, booking.startTime, await reminderLeadHours(db));
  if (runAt <= now) {
    await cancelJobs(db, reminderKey(booking.id));
    return;
  }
  const payload: BookingReminderPayload = {
    bookingId: booking.id,
    ...(token ? { token } : {}),
    date: booking.date,
    startTime: booking.startTime,
  };
  await enqueueJob(db, { kind: BOOKING_REMINDER_JOB, key: reminderKey(booking.id), payload, runAt }, now);
}

/** A new booking: the customer's confirmation, the shop's notice and the reminder. */
export async function queueBookingMails(db: Db, booking: QueuedBooking, token: string, now: Date = new Date()) {
  await queueMail(db, "confirmation", booking, { token });
  await queueMail(db, "shop-notice", booking);
  await scheduleReminder(db, booking, token, now);
}

/**
 * The manage-link token of a booking as its reminder job holds it (the booking keeps only a hash),
 * so a move by the shop can still mail the customer their link; none once the job is gone.
 */
export async function knownManageToken(db: Db, bookingId: number): Promise<string | undefined> {
  const job = await findJob(db, reminderKey(bookingId));
  return job ? (JSON.parse(job.payload) as BookingReminderPayload).token : undefined;
}

/** The calendar's Undo lasts 10 seconds: the shop's move is mailed after it, so an undone move sends nothing. */
export const SHOP_MOVE_MAIL_DELAY_MS = 20_000;
const shopMoveMailKey = (bookingId: number) => `booking-shop-move-mail:${bookingId}`;

const sameTime = (a: PreviousTime, b: PreviousTime) =>
  a.date === b.date && a.startTime === b.startTime && a.memberName === b.memberName;

/**
 * The shop's move is mailed a little later, as one mail per booking: a move made while the last
 * one's mail still waits tells the customer the net change (from the time they last heard of),
 * and a move back to that time (Undo) sends nothing at all.
 */
async function queueShopMoveMail(
  db: Db,
  booking: QueuedBooking,
  previous: PreviousTime,
  token: string | undefined,
  now: Date,
) {
  const key = shopMoveMailKey(booking.id);
  const waiting = await findJob(db, key);
  const told =
    waiting?.state === "pending"
      ? ((JSON.parse(waiting.payload) as BookingMailPayload).previous ?? previous)
      : previous;
  if (sameTime(told, booking)) {
    await cancelJobs(db, key);
    return;
  }
  const payload: BookingMailPayload = {
    bookingId: booking.id,
    mail: "reschedule",
    booking,
    token,
    previous: told,
    movedBy: "shop",
  };
  await enqueueJob(
    db,
    { kind: BOOKING_MAIL_JOB, key, payload, runAt: new Date(now.getTime() + SHOP_MOVE_MAIL_DELAY_MS) },
    now,
  );
}

/**
 * A moved booking: the customer is told (when they left an address), the shop too when the
 * customer moved it, and the reminder moves with it.
 */
export async function queueRescheduleMails(
  db: Db,
  booking: QueuedBooking,
  previous: PreviousTime,
  token: string | undefined,
  now: Date = new Date(),
  movedBy: MovedBy = "customer",
) {
  if (movedBy === "customer") {
    await queueMail(db, "reschedule", booking, { token, previous });
    await queueMail(db, "shop-reschedule", booking, { previous });
  } else if (booking.customerEmail) {
    await queueShopMoveMail(db, booking, previous, token, now);
  }
  if (booking.customerEmail) await scheduleReminder(db, booking, token, now);
}

/** A cancelled booking: its reminder goes, and the other side is told. */
export async function queueCancellationMail(db: Db, booking: QueuedBooking, by: "customer" | "admin") {
  await cancelJobs(db, reminderKey(booking.id));
  await queueMail(db, by === "customer" ? "shop-cancellation" : "customer-cancellation", booking);
}
