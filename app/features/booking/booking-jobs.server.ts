import type { Db } from "~/db/client.server";
import { cancelJobs, enqueueJob, ensureJob, findJob } from "~/features/jobs/jobs.server";
import { loadSettings } from "~/features/settings/settings.server";
import { shopInstant } from "~/lib/shop-time";
import type { MailBooking, MovedBy, PreviousTime, SeriesMailEntry } from "./booking-mail.server";
import { clockNow } from "~/lib/clock";
import { queueBookingTexts, textReminderKey } from "~/features/texts/texts.server";

/*
 * The booking's side of the job queue: which mails a booking change queues. Each is called
 * inside the transaction of that change, so the mail is queued exactly when the change commits.
 */

export const BOOKING_MAIL_JOB = "booking-mail";
export const BOOKING_REMINDER_JOB = "booking-reminder";

export type BookingMailKind =
  | "confirmation"
  | "series-confirmation"
  | "shop-notice"
  | "customer-cancellation"
  | "shop-cancellation"
  | "reschedule"
  | "shop-reschedule";

/** Who or what cancelled a booking: the mails say why, and `cancelled_by` keeps it. */
export type CancellationCause = "customer" | "admin" | "erasure" | "closure" | "payment-expired";

export interface BookingMailPayload {
  bookingId: number;
  mail: BookingMailKind;
  /** The booking as it was when the mail was queued: a deleted slot takes its booking row with it. */
  booking: MailBooking;
  /** The manage-link token, for the mails that carry the link. */
  token?: string;
  /** Where a moved booking was, for the mails that say it moved. */
  previous?: PreviousTime;
  /**
   * Why a cancelled booking was cancelled. Absent from jobs queued before every cancellation mailed
   * both sides, when the customer's mail meant the shop had cancelled and the shop's the customer.
   */
  cause?: CancellationCause;
  /** Who moved it; the customer when absent. */
  movedBy?: MovedBy;
  /** A series' confirmation: every date, the booked ones with their booking and link (decision 032). */
  series?: SeriesMailEntry[];
}

export interface BookingReminderPayload {
  bookingId: number;
  /**
   * The manage link's token; absent when the booking was last moved from the customer's own page, or by
   * the shop when it no longer knew the link (the mail then points to the customer's page).
   */
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

type QueuedBooking = MailBooking & { id: number; smsConsent?: boolean };

async function queueMail(
  db: Db,
  mail: BookingMailKind,
  booking: QueuedBooking,
  extra: Pick<BookingMailPayload, "token" | "previous" | "cause" | "movedBy" | "series"> = {},
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
  await queueBookingTexts(db, booking, token, runAt, now, { confirmation: false });
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

/**
 * A new booking: the customer's confirmation, the shop's notice and the reminder. An occurrence of a series
 * has no confirmation mail of its own (the series' one mail lists every date, see queueSeriesConfirmation);
 * its first occurrence alone sends the confirmation text.
 */
export async function queueBookingMails(
  db: Db,
  booking: QueuedBooking,
  token: string,
  now: Date = clockNow(),
  series?: { position: number },
) {
  if (!series) await queueMail(db, "confirmation", booking, { token });
  if (!series || series.position === 0)
    await queueBookingTexts(db, booking, token, undefined, now, { confirmation: true });
  await queueMail(db, "shop-notice", booking);
  await scheduleReminder(db, booking, token, now);
}

/** The one confirmation of repeat appointments, queued once every occurrence has been booked or refused. */
/**
 * The one mail of repeat appointments, queued once per series: a form sent again to finish a series finds it
 * queued (or sent) and adds no second one; one that failed for good is tried again.
 */
export async function queueSeriesConfirmation(
  db: Db,
  seriesId: string,
  first: QueuedBooking,
  token: string,
  series: SeriesMailEntry[],
) {
  const payload: BookingMailPayload = {
    bookingId: first.id,
    mail: "series-confirmation",
    booking: first,
    token,
    series,
  };
  await ensureJob(db, { kind: BOOKING_MAIL_JOB, key: `series-confirmation:${seriesId}`, payload });
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
  now: Date = clockNow(),
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

/** A cancelled booking: its reminder goes, and both sides get the calendar file that removes the event. */
export async function queueCancellationMails(db: Db, booking: QueuedBooking, cause: CancellationCause) {
  await cancelJobs(db, reminderKey(booking.id));
  await cancelJobs(db, textReminderKey(booking.id));
  await queueMail(db, "customer-cancellation", booking, { cause });
  await queueMail(db, "shop-cancellation", booking, { cause });
}

/**
 * The customer of these bookings was erased: their mails and reminders still waiting are dropped, but
 * for the notices that the erasure cancelled their appointment: the customer's keeps only the address it
 * goes to (and the appointment) until it is sent, the shop's copy only the appointment (decision 022).
 */
export async function forgetBookingJobs(db: Db, bookingIds: ReadonlySet<number>) {
  if (bookingIds.size === 0) return;
  const pending = await db
    .selectFrom("jobs")
    .select(["id", "kind", "payload"])
    .where("state", "=", "pending")
    .where("kind", "in", [BOOKING_MAIL_JOB, BOOKING_REMINDER_JOB])
    .execute();
  const dropped: number[] = [];
  for (const job of pending) {
    const payload = JSON.parse(job.payload) as BookingMailPayload | BookingReminderPayload;
    if (!bookingIds.has(payload.bookingId)) continue;
    const mail = "mail" in payload ? payload.mail : undefined;
    if ("mail" in payload && (mail === "customer-cancellation" || mail === "shop-cancellation")) {
      const anonymous = { ...payload.booking, customerName: "", customerPhone: "", notes: "" };
      // The customer's notice keeps the address it goes to; the shop's copy names no one at all.
      const booking: MailBooking = mail === "shop-cancellation" ? { ...anonymous, customerEmail: "" } : anonymous;
      await db
        .updateTable("jobs")
        .set({ payload: JSON.stringify({ ...payload, booking }) })
        .where("id", "=", job.id)
        .execute();
    } else {
      dropped.push(job.id);
    }
  }
  if (dropped.length) await db.deleteFrom("jobs").where("id", "in", dropped).execute();
}
