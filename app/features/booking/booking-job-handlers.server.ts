import type { AppContext } from "~/context";
import type { Job, JobHandler, JobHandlers } from "~/features/jobs/jobs.server";
import type { OutgoingMail } from "~/lib/mailer.server";
import { hasStarted } from "~/lib/shop-time";
import {
  BOOKING_MAIL_JOB,
  BOOKING_REMINDER_JOB,
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
} from "./booking-mail.server";
import { findConfirmedBooking } from "./booking-record.server";
import { bookAgainPath } from "./book-again";
import { loadSettings } from "~/features/settings/settings.server";

/* Sending the mails the booking queued. A throw is a failed attempt: the queue retries it later. */

/** One Message-ID per job: every attempt of a job sends the same message (docs/decisions/018). */
const jobMessageId = (ctx: AppContext, job: Job) =>
  `<job-${job.id}.${job.kind}@${new URL(ctx.config.publicUrl).hostname}>`;

async function mailFor(
  ctx: AppContext,
  { mail, booking, token, previous, cause, movedBy, series }: BookingMailPayload,
): Promise<OutgoingMail | undefined> {
  const shopEmail = ctx.config.mail.shopEmail;
  switch (mail) {
    case "confirmation":
      return customerConfirmationMail(ctx.config, await loadSettings(ctx.db), booking, token);
    case "series-confirmation":
      return customerSeriesConfirmationMail(ctx.config, await loadSettings(ctx.db), booking, series ?? []);
    case "shop-notice":
      return shopEmail ? shopBookingNotice(shopEmail, booking) : undefined;
    case "customer-cancellation":
      return customerCancellationMail(ctx.config, await loadSettings(ctx.db), booking, cause ?? "admin");
    case "shop-cancellation":
      return shopEmail
        ? shopCancellationMail(shopEmail, await loadSettings(ctx.db), booking, cause ?? "customer")
        : undefined;
    case "reschedule":
      return (
        previous && customerRescheduleMail(ctx.config, await loadSettings(ctx.db), booking, previous, token, movedBy)
      );
    case "shop-reschedule":
      return shopEmail && previous ? shopRescheduleNotice(shopEmail, booking, previous) : undefined;
  }
}

/** The mails that show on the booking in the admin list; a cancellation's has no booking left to show on. */
const shownOnBooking = (mail: BookingMailPayload["mail"]) =>
  mail !== "customer-cancellation" && mail !== "shop-cancellation";

async function recordMailFailure(ctx: AppContext, bookingId: number, to: string, error: string) {
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
    // A mail about the booking's time written before the customer moved it again: the later mail tells them.
    if (job.mail === "confirmation" || job.mail === "reschedule") {
      const current = await findConfirmedBooking(ctx.db, job.bookingId);
      if (current && current.sequence > (job.booking.sequence ?? 0)) return;
    }
    const mail = await mailFor(ctx, job);
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
    const to = (await mailFor(ctx, job))?.to ?? job.booking.customerEmail;
    if (shownOnBooking(job.mail)) await recordMailFailure(ctx, job.bookingId, to, error);
    else {
      // The log outlives an erasure: it names the side the mail was for, not the address.
      const side = job.mail === "customer-cancellation" ? "the customer" : "the shop";
      console.error(`Cancellation mail for booking ${job.booking.reference} to ${side} failed: ${error}`);
    }
  },
};

const bookingReminder: JobHandler = {
  async run(ctx, payload, queued) {
    const { bookingId, token, date, startTime } = payload as BookingReminderPayload;
    const booking = await findConfirmedBooking(ctx.db, bookingId);
    // Cancelled, erased or already begun (the server was down past its time): nothing to remind of.
    if (!booking || !booking.customerEmail || hasStarted(booking.date, booking.startTime)) return;
    // Moved while this job was running: the job of the new time reminds of it, at its own time.
    if (date !== undefined && (date !== booking.date || startTime !== booking.startTime)) return;
    if (!ctx.mailer.enabled) return;
    const bookAgain = bookAgainPath(booking.serviceIds, booking.memberId);
    const mail = reminderMail(ctx.config, await loadSettings(ctx.db), booking, token, bookAgain);
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
