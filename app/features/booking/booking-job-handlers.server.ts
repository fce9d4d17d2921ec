import type { RequestContext } from "~/context";
import { type JobHandler, type JobHandlers, jobMessageId } from "~/features/jobs/index.server";
import type { OutgoingMail } from "~/lib/mailer.server";
import { hasStarted } from "~/lib/shop-time";
import {
  BOOKING_MAIL_JOB,
  BOOKING_REMINDER_JOB,
  knownManageToken,
  type BookingMailPayload,
  type BookingReminderPayload,
} from "./booking-jobs.server";
import {
  customerCancellationMail,
  customerConfirmationMail,
  customerRescheduleMail,
  customerSeriesConfirmationMail,
  reminderMail,
  shopBookingNotice,
  shopCancellationMail,
  shopRescheduleNotice,
  type MailBooking,
  type SeriesMailEntry,
} from "./booking-mail.server";
import { findConfirmedBooking, loadBooking } from "./booking-record.server";
import { bookAgainPath } from "./book-again";

/*
 * Sending the mails the booking queued, from the booking as it is when the job runs (decision 043). A throw is a
 * failed attempt: the queue retries it later.
 */

/** The series' dates as its mail tells them, each booked one with its booking and link as they are now. */
async function seriesEntries(ctx: RequestContext, job: BookingMailPayload): Promise<SeriesMailEntry[]> {
  const entries: SeriesMailEntry[] = [];
  for (const entry of job.series ?? []) {
    if (entry.status !== "booked") {
      entries.push(entry);
      continue;
    }
    const booking = await loadBooking(ctx.db, { id: entry.bookingId });
    if (!booking) continue;
    const token = await knownManageToken(ctx.db, ctx.config, entry.bookingId);
    entries.push({ status: "booked", bookingId: entry.bookingId, booking, ...(token ? { token } : {}) });
  }
  return entries;
}

async function mailFor(
  ctx: RequestContext,
  job: BookingMailPayload,
  booking: MailBooking,
): Promise<OutgoingMail | undefined> {
  const { mail, previous, cause, movedBy } = job;
  const shopEmail = ctx.config.mail.shopEmail;
  const token = () => knownManageToken(ctx.db, ctx.config, job.bookingId);
  switch (mail) {
    case "confirmation":
      return customerConfirmationMail(ctx.config, await ctx.settings(), booking, await token());
    case "series-confirmation":
      return customerSeriesConfirmationMail(ctx.config, await ctx.settings(), booking, await seriesEntries(ctx, job));
    case "shop-notice":
      return shopEmail ? shopBookingNotice(shopEmail, booking) : undefined;
    case "customer-cancellation":
      return customerCancellationMail(ctx.config, await ctx.settings(), booking, cause ?? "admin");
    case "shop-cancellation":
      return shopEmail
        ? shopCancellationMail(shopEmail, await ctx.settings(), booking, cause ?? "customer")
        : undefined;
    case "reschedule":
      return (
        previous && customerRescheduleMail(ctx.config, await ctx.settings(), booking, previous, await token(), movedBy)
      );
    case "shop-reschedule":
      return shopEmail && previous ? shopRescheduleNotice(shopEmail, booking, previous) : undefined;
  }
}

/** The mails that go to the customer: none once they were erased. */
const toCustomer = (mail: BookingMailPayload["mail"]) =>
  mail === "confirmation" ||
  mail === "series-confirmation" ||
  mail === "customer-cancellation" ||
  mail === "reschedule";

/** The mails that show on the booking in the admin list; a cancellation's has no booking left to show on. */
const shownOnBooking = (mail: BookingMailPayload["mail"]) =>
  mail !== "customer-cancellation" && mail !== "shop-cancellation";

async function recordMailFailure(ctx: RequestContext, bookingId: number, to: string, error: string) {
  const booking = await ctx.db
    .selectFrom("bookings")
    .select("mail_error")
    .where("id", "=", bookingId)
    .executeTakeFirst();
  if (!booking) return;
  const entry = `${to}: ${error}`;
  await ctx.db
    .updateTable("bookings")
    .set({ mail_status: "failed", mail_error: booking.mail_error ? `${booking.mail_error}; ${entry}` : entry })
    .where("id", "=", bookingId)
    .execute();
}

/** The mails whose outcome is the booking's mail status: a confirmation, or a series' one for all its bookings. */
const confirms = (job: BookingMailPayload) => job.mail === "confirmation" || job.mail === "series-confirmation";

const confirmedIds = (job: BookingMailPayload) => [
  job.bookingId,
  ...(job.series ?? []).flatMap((entry) => (entry.status === "booked" ? [entry.bookingId] : [])),
];

/** The booking the mail is about, as it is now (or as it was, when its row went with its slot). */
async function mailedBooking(ctx: RequestContext, job: BookingMailPayload): Promise<MailBooking | undefined> {
  const booking = (await loadBooking(ctx.db, { id: job.bookingId })) ?? job.deletedBooking;
  if (!booking) return undefined;
  return job.paymentLine ? { ...booking, paymentLine: job.paymentLine } : booking;
}

const erased = (booking: MailBooking) => booking.customerEmail === "";

const bookingMail: JobHandler = {
  async run(ctx, payload, queued) {
    const job = payload as BookingMailPayload;
    if (!ctx.mailer.enabled) {
      if (confirms(job)) {
        await ctx.db
          .updateTable("bookings")
          .set({ mail_status: "not-configured" })
          .where("id", "in", confirmedIds(job))
          .execute();
      }
      return;
    }
    const booking = await mailedBooking(ctx, job);
    if (!booking || (toCustomer(job.mail) && erased(booking))) return;
    // A mail about the booking's time written before the customer moved it again: the later mail tells them.
    if ((job.mail === "confirmation" || job.mail === "reschedule") && (booking.sequence ?? 0) > (job.sequence ?? 0)) {
      return;
    }
    const mail = await mailFor(ctx, job, booking);
    if (!mail) return;
    await ctx.mailer.send({ ...mail, messageId: jobMessageId(ctx, queued) });
    if (confirms(job)) {
      await ctx.db
        .updateTable("bookings")
        .set({ mail_status: "sent" })
        .where("id", "in", confirmedIds(job))
        .where("mail_status", "=", "pending")
        .execute();
    }
  },
  async onFailure(ctx, payload, error) {
    const job = payload as BookingMailPayload;
    if (shownOnBooking(job.mail)) {
      const booking = await mailedBooking(ctx, job);
      const to = (booking && (await mailFor(ctx, job, booking))?.to) ?? booking?.customerEmail ?? "";
      await recordMailFailure(ctx, job.bookingId, to, error);
    } else {
      // The log outlives an erasure: it names the side the mail was for, not the address.
      const side = job.mail === "customer-cancellation" ? "the customer" : "the shop";
      console.error(`Cancellation mail for booking ${job.bookingId} to ${side} failed: ${error}`);
    }
  },
};

const bookingReminder: JobHandler = {
  async run(ctx, payload, queued) {
    const { bookingId, date, startTime } = payload as BookingReminderPayload;
    const booking = await findConfirmedBooking(ctx.db, bookingId);
    // Cancelled, erased or already begun (the server was down past its time): nothing to remind of.
    if (!booking || !booking.customerEmail || hasStarted(booking.date, booking.startTime)) return;
    // Moved while this job was running: the job of the new time reminds of it, at its own time.
    if (date !== undefined && (date !== booking.date || startTime !== booking.startTime)) return;
    if (!ctx.mailer.enabled) return;
    const bookAgain = bookAgainPath(booking.serviceIds, booking.memberId);
    const token = await knownManageToken(ctx.db, ctx.config, bookingId);
    const mail = reminderMail(ctx.config, await ctx.settings(), booking, token, bookAgain);
    await ctx.mailer.send({ ...mail, messageId: jobMessageId(ctx, queued) });
  },
  async onFailure(ctx, payload, error) {
    const { bookingId } = payload as BookingReminderPayload;
    const booking = await findConfirmedBooking(ctx.db, bookingId);
    if (booking) await recordMailFailure(ctx, bookingId, `Reminder to ${booking.customerEmail}`, error);
  },
};

export const bookingJobHandlers: JobHandlers = {
  [BOOKING_MAIL_JOB]: bookingMail,
  [BOOKING_REMINDER_JOB]: bookingReminder,
};
