import { createHmac, timingSafeEqual } from "node:crypto";
import type { AppContext } from "~/context";
import type { Db } from "~/db/client.server";
import { cancelJobs, enqueueJob, type JobHandler, type JobHandlers } from "~/features/jobs/jobs.server";
import { loadPaymentRules } from "~/features/payments/payment-settings.server";
import { loadSettings } from "~/features/settings/settings.server";
import { hasStarted } from "~/lib/shop-time";
import { bookingText, toE164 } from "./text-body";
import { smsProvider } from "./sms-provider.server";
import { clockNow } from "~/lib/clock";

/*
 * Texts about a booking, for customers who ticked the box: queued with the booking's mails (the job queue
 * retries a provider that is down with backoff, and never fails the booking), sent at most once per booking
 * and event (a row per text sent), and never to a phone that answered STOP or when the owner turned texts off.
 */

export const TEXT_JOB = "booking-text";
const TEXT_MAX_ATTEMPTS = 8;
const STOP_WORDS = new Set(["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT"]);
const START_WORDS = new Set(["START", "UNSTOP", "YES"]);

export interface TextJob {
  bookingId: number;
  kind: "confirmation" | "reminder";
  /** The manage link's token; absent when the booking was moved where the link was not at hand (its page then). */
  token?: string;
  /** The time it is about: a moved booking's old reminder finds another time and sends nothing. */
  date: string;
  startTime: string;
}

interface TextedBooking {
  id: number;
  date: string;
  startTime: string;
  smsConsent?: boolean;
}

export const textReminderKey = (bookingId: number) => `${TEXT_JOB}:reminder:${bookingId}`;

/** Queues the confirmation text (now) and the reminder text (at `reminderAt`), in the booking's transaction. */
export async function queueBookingTexts(
  db: Db,
  booking: TextedBooking,
  token: string | undefined,
  reminderAt: Date | undefined,
  now: Date,
  { confirmation = true } = {},
) {
  if (!booking.smsConsent) return;
  const base = { bookingId: booking.id, token, date: booking.date, startTime: booking.startTime };
  if (confirmation) {
    const payload: TextJob = { ...base, kind: "confirmation" };
    await enqueueJob(db, { kind: TEXT_JOB, payload, maxAttempts: TEXT_MAX_ATTEMPTS }, now);
  }
  if (reminderAt && reminderAt > now) {
    const payload: TextJob = { ...base, kind: "reminder" };
    await enqueueJob(
      db,
      { kind: TEXT_JOB, key: textReminderKey(booking.id), payload, runAt: reminderAt, maxAttempts: TEXT_MAX_ATTEMPTS },
      now,
    );
  } else {
    await cancelJobs(db, textReminderKey(booking.id));
  }
}

export const isOptedOut = async (db: Db, phone: string) =>
  (await db.selectFrom("text_opt_outs").select("phone").where("phone", "=", toE164(phone)).executeTakeFirst()) !==
  undefined;

async function sendBookingText(ctx: AppContext, job: TextJob) {
  const provider = smsProvider(ctx.config);
  if (!provider || !(await loadPaymentRules(ctx.db)).textsEnabled) return;
  const booking = await ctx.db
    .selectFrom("bookings as b")
    .innerJoin("booking_slots as s", "s.id", "b.slot_id")
    .leftJoin("team_members as m", "m.id", "s.member_id")
    .select(["b.reference", "b.status", "b.sms_consent", "b.customer_phone", "s.date", "s.start_time", "m.name"])
    .where("b.id", "=", job.bookingId)
    .executeTakeFirst();
  if (!booking || booking.status !== "confirmed" || booking.sms_consent !== 1) return;
  if (booking.date !== job.date || booking.start_time !== job.startTime) return;
  if (job.kind === "reminder" && hasStarted(booking.date, booking.start_time)) return;
  if (await isOptedOut(ctx.db, booking.customer_phone)) return;
  const event = `${job.kind}:${job.date}T${job.startTime}`;
  const sent = await ctx.db
    .selectFrom("text_messages")
    .select("booking_id")
    .where("booking_id", "=", job.bookingId)
    .where("event", "=", event)
    .executeTakeFirst();
  if (sent) return;
  const shop = await loadSettings(ctx.db);
  const body = bookingText(
    job.kind,
    shop.shopName,
    { date: booking.date, startTime: booking.start_time, memberName: booking.name, reference: booking.reference },
    job.token ? `${ctx.config.publicUrl}/bookings/manage/${job.token}` : `${ctx.config.publicUrl}/account`,
  );
  const { id } = await provider.send(toE164(booking.customer_phone), body);
  await ctx.db
    .insertInto("text_messages")
    .values({ booking_id: job.bookingId, event, provider_id: id, sent_at: new Date().toISOString() })
    .onConflict((conflict) => conflict.columns(["booking_id", "event"]).doNothing())
    .execute();
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
