import { createHmac, timingSafeEqual } from "node:crypto";
import type { RequestContext } from "~/context";
import type { Db } from "~/db/client.server";
import { cancelJobs, enqueueJob, type JobHandler, type JobHandlers } from "~/features/jobs/index.server";
import { loadPaymentRules, MANAGE_TOKEN_PURPOSE } from "~/features/payments/index.server";
import type { Updateable } from "kysely";
import type { Database } from "~/db/database";
import { hasStarted } from "~/lib/shop-time";
import { decryptSecret } from "~/lib/secret-box.server";
import { bookingText, toE164, type TextKind } from "./text-body";
import { ProviderRefusal, smsProvider } from "./sms-provider.server";
import { clockNow } from "~/lib/clock";

/*
 * Texts about a booking, for customers who ticked the box: queued with the booking's mails (the job queue
 * retries a provider that is down with backoff, and never fails the booking), one for each change the customer
 * is mailed about, and never to a phone that answered STOP or when the owner turned texts off. A job carries the
 * booking's id and the time it is about, and reads the rest (the manage link's token sealed on the booking)
 * when it runs (decision 043).
 *
 * Exactly once: a row per booking and event is written "sending" before the provider is called and "sent" with
 * its answer. A job that finds "sending" (the process died mid-call, or the call timed out) does not send again
 * before asking the provider's message list whether the text went.
 */

export const TEXT_JOB = "booking-text";
const TEXT_MAX_ATTEMPTS = 8;
const STOP_WORDS = new Set(["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT"]);
const START_WORDS = new Set(["START", "UNSTOP", "YES"]);

export interface TextJob {
  bookingId: number;
  kind: TextKind;
  /** The time it is about: a booking moved since finds another time and sends nothing. */
  date: string;
  startTime: string;
  /** A move's text: the booking's revision it tells of (a later move's text supersedes it). */
  sequence?: number;
}

interface TextedBooking {
  id: number;
  date: string;
  startTime: string;
  sequence?: number;
  smsConsent?: boolean;
}

export const textReminderKey = (bookingId: number) => `${TEXT_JOB}:reminder:${bookingId}`;
const textMoveKey = (bookingId: number) => `${TEXT_JOB}:moved:${bookingId}`;

const textJob = (booking: TextedBooking, kind: TextKind): TextJob => ({
  bookingId: booking.id,
  kind,
  date: booking.date,
  startTime: booking.startTime,
  ...(kind === "moved" ? { sequence: booking.sequence ?? 0 } : {}),
});

/** Queues the confirmation text (now) and the reminder text (at `reminderAt`), in the booking's transaction. */
export async function queueBookingTexts(
  db: Db,
  booking: TextedBooking,
  reminderAt: Date | undefined,
  now: Date,
  { confirmation = true } = {},
) {
  if (!booking.smsConsent) return;
  if (confirmation) {
    await enqueueJob(
      db,
      { kind: TEXT_JOB, payload: textJob(booking, "confirmation"), maxAttempts: TEXT_MAX_ATTEMPTS },
      now,
    );
  }
  if (reminderAt && reminderAt > now) {
    await enqueueJob(
      db,
      {
        kind: TEXT_JOB,
        key: textReminderKey(booking.id),
        payload: textJob(booking, "reminder"),
        runAt: reminderAt,
        maxAttempts: TEXT_MAX_ATTEMPTS,
      },
      now,
    );
  } else {
    await cancelJobs(db, textReminderKey(booking.id));
  }
}

/**
 * A moved booking's text, at `runAt` (the shop's move waits out its Undo, as its mail does); one per booking
 * waits at a time, so moves in quick succession text the last. `runAt` undefined: a move undone, no text.
 */
export async function queueMoveText(db: Db, booking: TextedBooking, runAt: Date | undefined, now: Date) {
  if (!booking.smsConsent) return;
  if (!runAt) return cancelJobs(db, textMoveKey(booking.id));
  const payload = textJob(booking, "moved");
  await enqueueJob(
    db,
    { kind: TEXT_JOB, key: textMoveKey(booking.id), payload, runAt, maxAttempts: TEXT_MAX_ATTEMPTS },
    now,
  );
}

/** A cancelled booking: its waiting texts go, and the customer is texted that it is cancelled (`tell`). */
export async function queueCancellationText(db: Db, booking: TextedBooking, tell: boolean, now: Date) {
  await cancelJobs(db, textReminderKey(booking.id));
  await cancelJobs(db, textMoveKey(booking.id));
  if (!tell || !booking.smsConsent) return;
  await enqueueJob(db, { kind: TEXT_JOB, payload: textJob(booking, "cancelled"), maxAttempts: TEXT_MAX_ATTEMPTS }, now);
}

/** Drops the texts still waiting for these bookings (their customer was erased). */
export async function forgetBookingTexts(db: Db, bookingIds: ReadonlySet<number>) {
  if (bookingIds.size === 0) return;
  const pending = await db
    .selectFrom("jobs")
    .select(["id", "payload"])
    .where("state", "=", "pending")
    .where("kind", "=", TEXT_JOB)
    .execute();
  const ids = pending
    .filter((job) => bookingIds.has((JSON.parse(job.payload) as TextJob).bookingId))
    .map((job) => job.id);
  if (ids.length) await db.deleteFrom("jobs").where("id", "in", ids).execute();
}

export const isOptedOut = async (db: Db, phone: string) =>
  (await db.selectFrom("text_opt_outs").select("phone").where("phone", "=", toE164(phone)).executeTakeFirst()) !==
  undefined;

/** Whether the booking still is as the text would tell it. */
function stillTrue(job: TextJob, booking: { status: string; date: string; start_time: string; sequence: number }) {
  if (booking.date !== job.date || booking.start_time !== job.startTime) return false;
  if (job.kind === "cancelled") return booking.status === "cancelled";
  if (booking.status !== "confirmed") return false;
  if (job.kind === "moved") return booking.sequence === job.sequence;
  return job.kind !== "reminder" || !hasStarted(booking.date, booking.start_time);
}

/** One row per text: the event a job sends, once. A move is told per revision, the others per time. */
const textEvent = (job: TextJob) =>
  `${job.kind}:${job.date}T${job.startTime}${job.kind === "moved" ? `#${job.sequence}` : ""}`;

async function sendBookingText(ctx: RequestContext, job: TextJob) {
  const provider = smsProvider(ctx.config);
  if (!provider || !(await loadPaymentRules(ctx.db)).textsEnabled) return;
  const booking = await ctx.db
    .selectFrom("bookings as b")
    .innerJoin("booking_slots as s", "s.id", "b.slot_id")
    .leftJoin("team_members as m", "m.id", "s.member_id")
    .select([
      "b.reference",
      "b.status",
      "b.sequence",
      "b.sms_consent",
      "b.customer_phone",
      "b.manage_token_sealed",
      "b.erased_at",
      "s.date",
      "s.start_time",
      "m.name",
    ])
    .where("b.id", "=", job.bookingId)
    .executeTakeFirst();
  if (!booking || booking.sms_consent !== 1 || booking.erased_at !== null || !stillTrue(job, booking)) return;
  if (await isOptedOut(ctx.db, booking.customer_phone)) return;
  const event = textEvent(job);
  const record = await ctx.db
    .selectFrom("text_messages")
    .select(["state", "sent_at"])
    .where("booking_id", "=", job.bookingId)
    .where("event", "=", event)
    .executeTakeFirst();
  if (record?.state === "sent") return;
  const shop = await ctx.settings();
  const token = booking.manage_token_sealed
    ? decryptSecret(ctx.config, MANAGE_TOKEN_PURPOSE, booking.manage_token_sealed)
    : null;
  const link =
    job.kind === "cancelled"
      ? `${ctx.config.publicUrl}/bookings`
      : token
        ? `${ctx.config.publicUrl}/bookings/manage/${token}`
        : `${ctx.config.publicUrl}/account`;
  const body = bookingText(
    job.kind,
    shop.shopName,
    { date: booking.date, startTime: booking.start_time, memberName: booking.name, reference: booking.reference },
    link,
  );
  const to = toE164(booking.customer_phone);
  const update = (values: Updateable<Database["text_messages"]>) =>
    ctx.db
      .updateTable("text_messages")
      .set(values)
      .where("booking_id", "=", job.bookingId)
      .where("event", "=", event)
      .execute();
  const sent = (id: string) => update({ state: "sent", provider_id: id, sent_at: clockNow().toISOString() });
  if (record) {
    // The last attempt may have reached the provider: its list says whether the text went.
    const found = await provider.findSent(to, body, new Date(record.sent_at));
    if (found) return void (await sent(found.id));
    await update({ sent_at: clockNow().toISOString() });
  } else {
    await ctx.db
      .insertInto("text_messages")
      .values({ booking_id: job.bookingId, event, state: "sending", sent_at: clockNow().toISOString() })
      .execute();
  }
  try {
    const { id } = await provider.send(to, body);
    await sent(id);
  } catch (error) {
    // Refused: it certainly did not go, and the next attempt need not ask.
    if (error instanceof ProviderRefusal) {
      await ctx.db
        .deleteFrom("text_messages")
        .where("booking_id", "=", job.bookingId)
        .where("event", "=", event)
        .where("state", "=", "sending")
        .execute();
    }
    throw error;
  }
}

const bookingTextJob: JobHandler = {
  run: (ctx, payload) => sendBookingText(ctx, payload as TextJob),
  async onFailure(_ctx, payload, error) {
    console.error(`Text for booking ${(payload as TextJob).bookingId} failed for good: ${error}`);
  },
};

export const textJobHandlers: JobHandlers = { [TEXT_JOB]: bookingTextJob };

/** Twilio's X-Twilio-Signature: HMAC-SHA1 of the URL followed by each parameter's name and value, sorted by name. */
export function twilioSignatureValid(
  authToken: string,
  url: string,
  params: Record<string, string>,
  signature: string,
) {
  const data =
    url +
    Object.keys(params)
      .sort()
      .map((name) => name + params[name])
      .join("");
  const expected = Buffer.from(createHmac("sha1", authToken).update(data, "utf8").digest("base64"));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** An incoming text: STOP (and its synonyms) records the phone as opted out; START takes it back. */
export async function receiveInboundText(db: Db, from: string, body: string, now: Date = clockNow()) {
  const word = body.trim().toUpperCase();
  const phone = toE164(from);
  if (STOP_WORDS.has(word)) {
    await db
      .insertInto("text_opt_outs")
      .values({ phone, created_at: now.toISOString() })
      .onConflict((conflict) => conflict.column("phone").doNothing())
      .execute();
  } else if (START_WORDS.has(word)) {
    await db.deleteFrom("text_opt_outs").where("phone", "=", phone).execute();
  }
}
