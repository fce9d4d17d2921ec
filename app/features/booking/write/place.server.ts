import type { RequestContext } from "~/context";
import type { Db } from "~/db/client.server";
import { customerFingerprint } from "~/features/customer-identity/index.server";
import { customerKey } from "~/features/customers";
import { nudgeJobWorkers } from "~/features/jobs/index.server";
import { awaitingPayment, type PaymentHold } from "~/features/payments/index.server";
import { clockNow } from "~/lib/clock";
import { HttpError, conflict } from "~/lib/http-error";
import { countWithinLimits, recordWithinLimits, withinLimits, type RateLimit } from "~/lib/rate-limit.server";
import { bookAgainPath } from "../book-again";
import { loadBooking, loadSeries, toSummary, type BookingRecord } from "../booking-record.server";
import type { AppointmentRequest, BookingRequest } from "../booking.schema";
import type { BookingConfirmation } from "../booking-answers.schema";
import { bookAppointment, bookSlot } from "./create.server";
import type { BookingWrite } from "./insert.server";
import { CustomerOverlap } from "./overlap.server";
import { hashManageToken, manageTokenForForm, randomManageToken } from "./tokens.server";

/*
 * The customer's booking as the form and POST /api/bookings send it: the form sent again answers its earlier
 * booking, the customer's limits are read and then counted inside the booking's transaction.
 */

const HOUR_MS = 3_600_000;
const BOOKING_BUCKET = "booking";

export interface PlaceOptions {
  client: string;
  /** The shop booking for a customer on the phone: not counted against any client's limit. */
  byAdmin?: boolean;
  now?: Date;
}

/** The customer limits a booking counts against: per client address and per customer e-mail address. */
const bookingLimits = (ctx: RequestContext, client: string, email: string): RateLimit[] => [
  { bucket: BOOKING_BUCKET, subject: client, max: ctx.config.limits.bookingPerHour, windowMs: HOUR_MS },
  {
    bucket: BOOKING_BUCKET,
    // Under its keyed fingerprint: a rate-limit event must not keep a customer's address (erasure).
    subject: `email:${customerFingerprint(ctx.config, email)}`,
    max: ctx.config.limits.bookingPerEmailPerHour,
    windowMs: HOUR_MS,
  },
];

/** The counted limit refused the booking inside its transaction (which then rolls back). */
class BookingLimitReached extends Error {}

const tooManyBookings = async (ctx: RequestContext) =>
  new HttpError(
    429,
    `You have made several bookings recently. Please try again later or call us on ${(await ctx.settings()).phone}.`,
  );

const FORM_USED_MESSAGE = "This booking form has already been used. Please reload the page to make another booking.";

/** The answer to a booking, as the API and the page show it. */
export const confirmationOf = (
  ctx: RequestContext,
  booking: BookingRecord,
  manageToken: string,
  hold: PaymentHold | null = null,
  included: string | null = null,
): BookingConfirmation => ({
  ...toSummary(booking),
  manageToken,
  mailStatus: queuedMailStatus(ctx),
  status: hold ? "awaiting_payment" : "confirmed",
  payment: hold && awaitingPayment(hold),
  ...(included ? { included } : {}),
});

/** The booking a form's token already made, answered again; refused when it is not this customer's or no longer stands. */
async function earlierBooking(ctx: RequestContext, manageToken: string, customerEmail: string) {
  const booking = await loadBooking(ctx.db, { tokenHash: hashManageToken(manageToken) });
  if (!booking) return undefined;
  if (booking.status !== "confirmed" || customerKey(booking.customerEmail) !== customerKey(customerEmail)) {
    throw conflict(FORM_USED_MESSAGE);
  }
  return confirmationOf(ctx, booking, manageToken);
}

/**
 * The whole customer booking: the form sent again answers its earlier booking, then the limits per
 * client and per e-mail address (read first, then counted inside the booking's transaction, so a booking that
 * fails is not counted), then the booking with its mails queued. The answer never waits for the mail server; the mail jobs record their
 * outcome on the booking.
 */
export async function confirm(
  ctx: RequestContext,
  input: BookingRequest,
  options: PlaceOptions,
  book: (
    now: Date,
    write: BookingWrite,
  ) => Promise<{ booking: BookingRecord; manageToken: string; hold: PaymentHold | null; included?: string | null }>,
): Promise<BookingConfirmation> {
  const now = options.now ?? clockNow();
  const formToken = input.idempotencyKey;
  const manageToken = formToken ? manageTokenForForm(ctx.config, formToken) : randomManageToken();
  if (formToken) {
    const earlier = await earlierBooking(ctx, manageToken, input.customerEmail);
    if (earlier) return earlier;
  }
  const limits = options.byAdmin ? [] : bookingLimits(ctx, options.client, input.customerEmail);
  // Read first, so a customer over the limit is refused before a payment session is opened for them.
  if (!(await withinLimits(ctx.db, limits, now))) throw await tooManyBookings(ctx);
  const countLimits = async (trx: Db) => {
    if (!(await countWithinLimits(trx, limits, now)).allowed) throw new BookingLimitReached();
  };
  let booking: BookingRecord;
  let hold: PaymentHold | null;
  let included: string | null | undefined;
  try {
    ({ booking, hold, included } = await book(now, {
      manageToken,
      secrets: ctx.config,
      byAdmin: options.byAdmin,
      countLimits,
    }));
  } catch (error) {
    if (error instanceof BookingLimitReached) throw await tooManyBookings(ctx);
    // A try that met the customer's own booking stays counted (decision 039): its transaction, if it had begun,
    // rolled its count back.
    if (error instanceof CustomerOverlap) await recordWithinLimits(ctx.db, limits, now);
    // The same form sent twice at once: the one that lost the race answers the winner's booking.
    if (formToken && error instanceof HttpError && error.status === 409) {
      const earlier = await earlierBooking(ctx, manageToken, input.customerEmail);
      if (earlier) return earlier;
    }
    throw error;
  }
  nudgeJobWorkers();
  return confirmationOf(ctx, booking, manageToken, hold, included);
}

/** PATCH /api/booking-slots/{id}: a manual slot. */
export const placeSlotBooking = (ctx: RequestContext, slotId: number, input: BookingRequest, options: PlaceOptions) =>
  confirm(ctx, input, options, (now, write) => bookSlot(ctx, slotId, input, now, write));

/** POST /api/bookings: a computed time. */
export const placeAppointment = (ctx: RequestContext, input: AppointmentRequest, options: PlaceOptions) =>
  confirm(ctx, input, options, (now, write) => bookAppointment(ctx, input, now, { ...write, payments: ctx }));

/** What a queued mail's status is at the moment it is queued. */
export const queuedMailStatus = (ctx: Pick<RequestContext, "mailer">) =>
  ctx.mailer.enabled ? "pending" : "not-configured";

/**
 * The booking page's confirmation after its redirect: the booking its manage token names, while it stands,
 * and the address that books the same again.
 */
export async function confirmationByManageToken(ctx: RequestContext, manageToken: string) {
  const booking = await loadBooking(ctx.db, { tokenHash: hashManageToken(manageToken) });
  if (booking?.status !== "confirmed") return null;
  const series = booking.seriesId ? await loadSeries(ctx.db, booking.seriesId) : undefined;
  return {
    confirmation: { ...confirmationOf(ctx, booking, manageToken), ...(series ? { series } : {}) },
    bookAgain: booking.serviceIds.length > 0 ? bookAgainPath(booking.serviceIds, booking.memberId) : null,
  };
}
