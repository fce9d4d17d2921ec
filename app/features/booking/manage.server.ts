import type { AppContext } from "~/context";
import type { Db } from "~/db/client.server";
import { conflict, notFound } from "~/lib/http-error";
import { loadSettings } from "~/features/settings/settings.server";
import { hoursUntil } from "~/lib/shop-time";
import { bookingIcs, bookingIcsFilename } from "./booking-ics";
import { nudgeJobWorkers } from "~/features/jobs/jobs.server";
import { queueCancellationMail } from "./booking-jobs.server";
import { manageUrl, type MailOutcome } from "./booking-mail.server";
import { loadBooking, toSummary, type BookingRecord } from "./booking-record.server";
import { hashManageToken, queuedMailStatus } from "./booking.server";
import type { AdminSlot, ManagedBooking } from "./booking.schema";
import { getSlot } from "./slots.server";

/* After the booking: the customer's private link, and cancelling by the customer or the shop. */

const ALREADY_CANCELLED_MESSAGE = "This booking has already been cancelled.";
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

async function findByToken(db: Db, token: string) {
  const booking = TOKEN_PATTERN.test(token) ? await loadBooking(db, { tokenHash: hashManageToken(token) }) : undefined;
  if (!booking) throw notFound("Booking");
  return booking;
}

const cancellable = (booking: BookingRecord, noticeHours: number, now: Date) =>
  booking.status === "confirmed" && hoursUntil(booking.date, booking.startTime, now) > noticeHours;

const toManaged = (booking: BookingRecord, noticeHours: number, now: Date): ManagedBooking => ({
  ...toSummary(booking),
  status: booking.status,
  customerName: booking.customerName,
  cancelledAt: booking.cancelledAt,
  cancelledBy: booking.cancelledBy,
  canCancel: cancellable(booking, noticeHours, now),
  cancelNoticeHours: noticeHours,
});

export interface ManageOptions {
  noticeHours: number;
  now?: Date;
}

export async function getBookingByToken(db: Db, token: string, options: ManageOptions): Promise<ManagedBooking> {
  return toManaged(await findByToken(db, token), options.noticeHours, options.now ?? new Date());
}

/** The calendar file of a confirmed booking, for the manage page's download. */
export async function bookingIcsByToken(ctx: AppContext, token: string) {
  const booking = await findByToken(ctx.db, token);
  if (booking.status !== "confirmed") throw conflict(ALREADY_CANCELLED_MESSAGE);
  const shop = await loadSettings(ctx.db);
  return {
    reference: booking.reference,
    filename: bookingIcsFilename(shop.shopName, booking.reference),
    ics: bookingIcs(shop, {
      reference: booking.reference,
      date: booking.date,
      startTime: booking.startTime,
      endTime: booking.endTime,
      serviceTitles: booking.services.map((service) => service.title),
      memberName: booking.memberName,
      manageUrl: manageUrl(ctx.config, token),
    }),
  };
}

/**
 * Marks the booking cancelled and frees its time: a manual slot is on offer again, an
 * appointment's own slot is released, and the mail is queued. The status check makes a second cancel a refusal.
 */
async function cancelRecord(
  db: Db,
  booking: BookingRecord,
  by: "customer" | "admin",
  now: Date,
): Promise<BookingRecord> {
  const cancelledAt = now.toISOString();
  const result = await db
    .updateTable("bookings")
    .set({ status: "cancelled", cancelled_by: by, cancelled_at: cancelledAt })
    .where("id", "=", booking.id)
    .where("status", "=", "confirmed")
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) throw conflict(ALREADY_CANCELLED_MESSAGE);
  await db
    .updateTable("booking_slots")
    .set((eb) => ({
      status: eb
        .case()
        .when("kind", "=", "appointment")
        .then("released" as const)
        .else("available" as const)
        .end(),
    }))
    .where("id", "=", booking.slotId)
    .execute();
  await queueCancellationMail(db, booking, by);
  return { ...booking, status: "cancelled", cancelledAt, cancelledBy: by };
}

/** The customer cancels through the private link, up to the notice period; the shop is told. */
export async function cancelBookingByToken(
  ctx: AppContext,
  token: string,
  now: Date = new Date(),
): Promise<ManagedBooking> {
  const shop = await loadSettings(ctx.db);
  const noticeHours = shop.cancellationNoticeHours;
  const cancelled = await ctx.db.transaction().execute(async (trx) => {
    const booking = await findByToken(trx, token);
    if (booking.status === "cancelled") throw conflict(ALREADY_CANCELLED_MESSAGE);
    if (!cancellable(booking, noticeHours, now)) {
      throw conflict(
        `Bookings can only be cancelled online up to ${noticeHours} hours before the appointment. Please call us on ${shop.phone}.`,
      );
    }
    return cancelRecord(trx, booking, "customer", now);
  });
  nudgeJobWorkers();
  return toManaged(cancelled, noticeHours, now);
}

export interface AdminCancellation {
  slot: AdminSlot;
  reference: string;
  /** Whether the customer's mail is on its way ("pending"); when not, the shop should call them. */
  customerMail: MailOutcome;
}

/** The shop cancels the booking on a slot: its time is free again and the customer is mailed. */
export async function cancelBookingByAdmin(
  ctx: AppContext,
  slotId: number,
  now: Date = new Date(),
): Promise<AdminCancellation> {
  const cancelled = await ctx.db.transaction().execute(async (trx) => {
    const slot = await trx.selectFrom("booking_slots").select("id").where("id", "=", slotId).executeTakeFirst();
    if (!slot) throw notFound("Booking slot");
    const booking = await loadBooking(trx, { confirmedOnSlot: slotId });
    if (!booking) throw conflict("This slot has no booking to cancel.");
    return cancelRecord(trx, booking, "admin", now);
  });
  nudgeJobWorkers();
  return {
    slot: await getSlot(ctx.db, slotId),
    reference: cancelled.reference,
    customerMail: { status: queuedMailStatus(ctx), error: null },
  };
}
