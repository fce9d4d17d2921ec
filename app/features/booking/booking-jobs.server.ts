import type { Config } from "~/config.server";
import type { Db } from "~/db/client.server";
import { decryptSecret, encryptSecret, type SecretKeySource } from "~/lib/secret-box.server";
import { cancelJobs, enqueueJob, enqueueJobs, ensureJob, findJob, type NewJob } from "~/features/jobs/index.server";
import { MANAGE_TOKEN_PURPOSE, PAYMENT_MAIL_JOB } from "~/features/payments/index.server";
import type { ShopSettings } from "~/features/settings";
import { shopInstant } from "~/lib/shop-time";
import type { MailBooking, MovedBy, PreviousTime } from "./booking-mail.server";
import { clockNow } from "~/lib/clock";
import {
  forgetBookingTexts,
  queueBookingTexts,
  queueCancellationText,
  queueMoveText,
} from "~/features/texts/index.server";

/*
 * The booking's side of the job queue: which mails and texts a booking change queues. Each is called inside the
 * transaction of that change, so the message is queued exactly when the change commits. A job carries the
 * booking's id and what the change was (its kind, cause, the time it moved from), never the customer's name,
 * address, phone or the manage link's token: it reads them from the booking when it runs (decision 043), so an
 * erasure in between leaves nothing to send and nothing held.
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

/** One date of a series as its mail job holds it: the booking's id, or why the date was not booked. */
export type SeriesJobEntry =
  { status: "booked"; bookingId: number } | { status: "unavailable"; date: string; startTime: string; reason: string };

export interface BookingMailPayload {
  bookingId: number;
  mail: BookingMailKind;
  /** The booking's revision when queued: a confirmation or move mail outrun by a later move sends nothing. */
  sequence?: number;
  /** Where a moved booking was, for the mails that say it moved. */
  previous?: PreviousTime;
  /** Why a cancelled booking was cancelled. */
  cause?: CancellationCause;
  /** Who moved it; the customer when absent. */
  movedBy?: MovedBy;
  /** A series' confirmation: every date (decision 032). */
  series?: SeriesJobEntry[];
  /** What was paid online when booking (a deposit, the whole, a card saved), for the confirmation. */
  paymentLine?: string;
  /**
   * The booking as it was, only in the cancellation mails of a booking deleted with its slot: its row is gone, so
   * the job holds the one copy until it is sent; an erasure of its address drops the job.
   */
  deletedBooking?: MailBooking;
}

export interface BookingReminderPayload {
  bookingId: number;
  /** The time it reminds of: a booking moved since is reminded by its new job, not this one. */
  date?: string;
  startTime?: string;
}

const HOUR_MS = 3_600_000;

/** The setting that places a booking's reminder: its lead time before the appointment. */
export type ReminderTiming = Pick<ShopSettings, "reminderLeadHours">;

export const reminderKey = (bookingId: number) => `${BOOKING_REMINDER_JOB}:${bookingId}`;

/** The instant the reminder goes: the lead time before the appointment's start in the shop's clock. */
export const reminderInstant = (date: string, startTime: string, leadHours: number) =>
  new Date(shopInstant(date, startTime).getTime() - leadHours * HOUR_MS);

/** The manage token as a booking keeps it for the mails and texts that carry its link (the row holds its hash). */
export const sealManageToken = (keys: SecretKeySource, token: string) =>
  encryptSecret(keys, MANAGE_TOKEN_PURPOSE, token);

/** The booking's manage token, when it keeps one sealed (not after an erasure, nor for bookings made before). */
export async function knownManageToken(db: Db, config: Config, bookingId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom("bookings")
    .select("manage_token_sealed")
    .where("id", "=", bookingId)
    .executeTakeFirst();
  return (
    (row?.manage_token_sealed && decryptSecret(config, MANAGE_TOKEN_PURPOSE, row.manage_token_sealed)) || undefined
  );
}

interface QueuedBooking {
  id: number;
  date: string;
  startTime: string;
  memberName: string | null;
  endTime: string;
  customerEmail: string;
  sequence?: number;
  smsConsent?: boolean;
  paymentLine?: string;
}

function mailJob(
  mail: BookingMailKind,
  booking: QueuedBooking,
  extra: Pick<BookingMailPayload, "previous" | "cause" | "movedBy"> = {},
): NewJob {
  const payload: BookingMailPayload = {
    bookingId: booking.id,
    mail,
    ...(booking.sequence !== undefined ? { sequence: booking.sequence } : {}),
    ...(booking.paymentLine && mail === "confirmation" ? { paymentLine: booking.paymentLine } : {}),
    ...extra,
  };
  return { kind: BOOKING_MAIL_JOB, payload };
}

/**
 * The booking's one reminder at the lead time before its start, to be enqueued in place of any earlier one;
 * none (and the earlier one gone) when the appointment is already inside the lead time, since the mail just
 * sent tells them. The reminder text is queued here too.
 */
async function reminderJobs(db: Db, booking: QueuedBooking, leadHours: number, now: Date): Promise<NewJob[]> {
  const runAt = reminderInstant(booking.date, booking.startTime, leadHours);
  await queueBookingTexts(db, booking, runAt, now, { confirmation: false });
  if (runAt <= now) {
    await cancelJobs(db, reminderKey(booking.id));
    return [];
  }
  const payload: BookingReminderPayload = { bookingId: booking.id, date: booking.date, startTime: booking.startTime };
  return [{ kind: BOOKING_REMINDER_JOB, key: reminderKey(booking.id), payload, runAt }];
}

/**
 * A new booking: the customer's confirmation, the shop's notice and the reminder, in one insert. An occurrence
 * of a series has no confirmation mail of its own (the series' one mail lists every date, see
 * queueSeriesConfirmation); its first occurrence alone sends the confirmation text.
 */
export async function queueBookingMails(
  db: Db,
  booking: QueuedBooking,
  shop: ReminderTiming,
  now: Date = clockNow(),
  series?: { position: number },
) {
  if (!series || series.position === 0) await queueBookingTexts(db, booking, undefined, now, { confirmation: true });
  const mails = [...(series ? [] : [mailJob("confirmation", booking)]), mailJob("shop-notice", booking)];
  // The mails are due on the clock, not at `now` (a test or an import books as of another moment); the reminder at its time.
  await enqueueJobs(db, [...mails, ...(await reminderJobs(db, booking, shop.reminderLeadHours, now))]);
}

/**
 * The one mail of repeat appointments, queued once per series: a form sent again to finish a series finds it
 * queued (or sent) and adds no second one; one that failed for good is tried again.
 */
export async function queueSeriesConfirmation(db: Db, seriesId: string, firstId: number, series: SeriesJobEntry[]) {
  const payload: BookingMailPayload = { bookingId: firstId, mail: "series-confirmation", series };
  await ensureJob(db, { kind: BOOKING_MAIL_JOB, key: `series-confirmation:${seriesId}`, payload });
}

/** The calendar's Undo lasts 10 seconds: the shop's move is mailed after it, so an undone move sends nothing. */
export const SHOP_MOVE_MAIL_DELAY_MS = 20_000;
const shopMoveMailKey = (bookingId: number) => `booking-shop-move-mail:${bookingId}`;

const sameTime = (a: PreviousTime, b: PreviousTime) =>
  a.date === b.date && a.startTime === b.startTime && a.memberName === b.memberName;

/**
 * The shop's move is mailed and texted a little later, as one mail per booking: a move made while the last
 * one's mail still waits tells the customer the net change (from the time they last heard of),
 * and a move back to that time (Undo) sends nothing at all.
 */
async function queueShopMove(db: Db, booking: QueuedBooking, previous: PreviousTime, now: Date) {
  const key = shopMoveMailKey(booking.id);
  const waiting = await findJob(db, key);
  const told =
    waiting?.state === "pending"
      ? ((JSON.parse(waiting.payload) as BookingMailPayload).previous ?? previous)
      : previous;
  if (sameTime(told, booking)) {
    await cancelJobs(db, key);
    await queueMoveText(db, booking, undefined, now);
    return;
  }
  const payload: BookingMailPayload = {
    bookingId: booking.id,
    mail: "reschedule",
    ...(booking.sequence !== undefined ? { sequence: booking.sequence } : {}),
    previous: told,
    movedBy: "shop",
  };
  const runAt = new Date(now.getTime() + SHOP_MOVE_MAIL_DELAY_MS);
  await enqueueJob(db, { kind: BOOKING_MAIL_JOB, key, payload, runAt }, now);
  await queueMoveText(db, booking, runAt, now);
}

/**
 * A moved booking: the customer is told (mailed when they left an address, texted when they agreed to texts),
 * the shop too when the customer moved it, and the reminders move with it.
 */
export async function queueRescheduleMails(
  db: Db,
  booking: QueuedBooking,
  shop: ReminderTiming,
  previous: PreviousTime,
  now: Date = clockNow(),
  movedBy: MovedBy = "customer",
) {
  if (movedBy === "customer") {
    await enqueueJobs(db, [
      mailJob("reschedule", booking, { previous }),
      mailJob("shop-reschedule", booking, { previous }),
    ]);
    await queueMoveText(db, booking, now, now);
  } else if (booking.customerEmail) {
    await queueShopMove(db, booking, previous, now);
  } else {
    await queueMoveText(db, booking, new Date(now.getTime() + SHOP_MOVE_MAIL_DELAY_MS), now);
  }
  if (booking.customerEmail) await enqueueJobs(db, await reminderJobs(db, booking, shop.reminderLeadHours, now));
}

/**
 * A cancelled booking: its reminders go, and both sides get the calendar file that removes the event; the customer
 * is texted too. Not the customer who asked to be erased: nothing is sent to them any more, the shop's copy alone.
 */
export async function queueCancellationMails(
  db: Db,
  booking: QueuedBooking,
  cause: CancellationCause,
  now = clockNow(),
) {
  await cancelJobs(db, reminderKey(booking.id));
  await cancelJobs(db, shopMoveMailKey(booking.id));
  await queueCancellationText(db, booking, cause !== "erasure", now);
  await enqueueJobs(db, [
    ...(cause !== "erasure" ? [mailJob("customer-cancellation", booking, { cause })] : []),
    mailJob("shop-cancellation", booking, { cause }),
  ]);
}

const pendingJobs = (db: Db, kinds: string[]) =>
  db
    .selectFrom("jobs")
    .select(["id", "kind", "payload"])
    .where("state", "=", "pending")
    .where("kind", "in", kinds)
    .execute();

/**
 * The booking's row goes with its deleted slot: its mails still waiting keep the booking as it was, the one
 * copy left to send them from (the cancellation this deletion queued).
 */
export async function keepDeletedBookingInMails(db: Db, booking: MailBooking & { id: number }) {
  for (const job of await pendingJobs(db, [BOOKING_MAIL_JOB])) {
    const payload = JSON.parse(job.payload) as BookingMailPayload;
    if (payload.bookingId !== booking.id) continue;
    const kept: BookingMailPayload = { ...payload, deletedBooking: booking };
    await db
      .updateTable("jobs")
      .set({ payload: JSON.stringify(kept) })
      .where("id", "=", job.id)
      .execute();
  }
}

/**
 * The customer of these bookings (and these lower-cased addresses) was erased: every mail, reminder and text still
 * waiting that would go to them is dropped, the payment mails about their bookings too. The shop's copies stay:
 * they read the booking when they run and find it erased, so they name no one (decision 022).
 */
export async function forgetBookingJobs(db: Db, bookingIds: ReadonlySet<number>, emails: ReadonlySet<string>) {
  await forgetBookingTexts(db, bookingIds);
  // Payment mails queued before they carried their booking's id name it by its reference.
  const references =
    bookingIds.size === 0
      ? new Set<string>()
      : new Set(
          (
            await db
              .selectFrom("bookings")
              .select("reference")
              .where("id", "in", [...bookingIds])
              .execute()
          ).map((row) => row.reference),
        );
  const dropped: number[] = [];
  for (const job of await pendingJobs(db, [BOOKING_MAIL_JOB, BOOKING_REMINDER_JOB, PAYMENT_MAIL_JOB])) {
    const payload = JSON.parse(job.payload) as Partial<BookingMailPayload> & { reference?: string };
    const deletedAddress = payload.deletedBooking?.customerEmail.toLowerCase();
    const aboutThem =
      job.kind === PAYMENT_MAIL_JOB
        ? bookingIds.has(payload.bookingId ?? 0) || references.has(payload.reference ?? "")
        : bookingIds.has(payload.bookingId ?? 0) || (deletedAddress !== undefined && emails.has(deletedAddress));
    const toShop =
      payload.mail === "shop-cancellation" || payload.mail === "shop-notice" || payload.mail === "shop-reschedule";
    if (!aboutThem) continue;
    if (toShop && !payload.deletedBooking) continue;
    dropped.push(job.id);
  }
  if (dropped.length) await db.deleteFrom("jobs").where("id", "in", dropped).execute();
}

/**
 * An appointment imported from another system, its customer to be told (issue 35's notify=true): their
 * confirmation with the manage link and the reminder; no notice to the shop (the owner imported it) and no text.
 */
export async function queueImportedBookingMails(
  db: Db,
  booking: QueuedBooking,
  shop: ReminderTiming,
  now: Date = clockNow(),
) {
  await db.updateTable("bookings").set({ mail_status: "pending" }).where("id", "=", booking.id).execute();
  const reminder = await reminderJobs(db, booking, shop.reminderLeadHours, now);
  await enqueueJobs(db, [mailJob("confirmation", booking), ...reminder]);
}
