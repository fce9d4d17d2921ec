import type { RequestContext } from "~/context";
import type { Config } from "~/config.server";
import type { Db } from "~/db/client.server";
import { isUniqueViolation } from "~/db/errors";
import type { SecretKeySource } from "~/lib/secret-box.server";
import { customerIdFor } from "~/features/customer-identity/index.server";
import type { GiftCardShare } from "~/features/gift-cards/index.server";
import { askForPayment, holdForPayment, type PaymentHold } from "~/features/payments/index.server";
import type { Service } from "~/features/services";
import { conflict } from "~/lib/http-error";
import { toPence } from "~/lib/money";
import { queueBookingMails, sealManageToken, type ReminderTiming } from "../booking-jobs.server";
import { loadBooking } from "../booking-record.server";
import { type BookingRequest } from "../booking.schema";
import { SLOT_TAKEN_MESSAGE } from "../booking-messages.schema";
import { type BookingTotals } from "../rules/totals";
import { refuseOverlap } from "./overlap.server";
import { hashManageToken, newReference, randomManageToken } from "./tokens.server";

/* The booking's row, once its time is claimed: the customer, the services, and the mails or the payment hold. */

/** A booking that must pay first: its reference (already on the Checkout session) and the hold. */
export interface PendingPayment {
  reference: string;
  hold: PaymentHold;
  config: Pick<Config, "secretKey" | "dataDir">;
}

/**
 * The shop's payment policy for a customer's online booking: the Checkout session is opened before anything is
 * written (Stripe down: 503 with the shop's phone, nothing held), under the reference the booking will carry.
 * Undefined when no payment is asked. Whoever then fails to write the booking abandons the session.
 */
export async function openPayment(
  payer: Pick<RequestContext, "db" | "config" | "settings">,
  shopName: string,
  services: readonly { title: string }[],
  totals: { totalPence: number },
  customerEmail: string,
  now: Date,
  giftCard?: GiftCardShare,
): Promise<PendingPayment | undefined> {
  const reference = newReference();
  const description = `${shopName}: ${services.map((service) => service.title).join(", ")} (${reference})`;
  const hold = await askForPayment(
    payer,
    { reference, customerEmail, totalPence: totals.totalPence, description, coveredPence: giftCard?.pence },
    now,
  );
  return hold ? { reference, hold, config: payer.config } : undefined;
}

/** How a booking is written: its manage token (one derived from the form's token, or a random one) and whose it is. */
export interface BookingWrite {
  manageToken?: string;
  /**
   * The site's key, to keep the manage token sealed on the booking for the mails and texts that carry its link
   * (decision 043); without it they point to the customer's page.
   */
  secrets?: SecretKeySource;
  /**
   * The shop's own booking (for a caller, a walk-in): by the owner's rules, and it may give one customer
   * overlapping appointments on purpose.
   */
  byAdmin?: boolean;
  /** False for a walk-in: no address to mail, no reminder. */
  mails?: boolean;
  /** A walk-in is already in the chair. */
  attendance?: "attended";
  /** The shop's payment policy applies (a customer's online booking): the site's context to ask Stripe with. */
  payments?: Pick<RequestContext, "db" | "config" | "settings">;
  /** An occurrence of repeat appointments (decision 032): mailed once for the whole series. */
  series?: SeriesPlace;
  /**
   * Counts the customer's limits inside the booking's transaction, right after its time is claimed under the
   * members' lock, so they commit with the booking (one commit a booking, not two), a booking that fails takes
   * its count back with it, and every booking takes the members' lock before the limits' lock.
   */
  countLimits?: (trx: Db) => Promise<void>;
}

/** Where a booking sits in its series; a later occurrence may lie past the booking horizon, up to its own date. */
export interface SeriesPlace {
  id: string;
  position: number;
  horizonUntil?: string;
}

/** The slot a booking takes, with its time (the customer's day is checked against it). */
export interface BookedSlot {
  id: number;
  date: string;
  startTime: string;
}

export async function insertBooking(
  trx: Db,
  slot: BookedSlot,
  input: BookingRequest,
  services: Service[],
  totals: BookingTotals,
  shop: ReminderTiming,
  now: Date,
  write: BookingWrite = {},
  pending?: PendingPayment,
) {
  const manageToken = write.manageToken ?? randomManageToken();
  const mails = write.mails ?? true;
  const reference = pending?.reference ?? newReference();
  // First: it holds the customer's row, under which their day is checked.
  const customerId = await customerIdFor(trx, input, `booking ${reference}`, now);
  if (!write.byAdmin) {
    await refuseOverlap(trx, {
      email: input.customerEmail,
      date: slot.date,
      startTime: slot.startTime,
      durationMinutes: totals.durationMinutes,
    });
  }
  let bookingId: number;
  try {
    ({ id: bookingId } = await trx
      .insertInto("bookings")
      .values({
        slot_id: slot.id,
        customer_id: customerId,
        reference,
        manage_token_hash: hashManageToken(manageToken),
        manage_token_sealed: write.secrets ? sealManageToken(write.secrets, manageToken) : null,
        customer_name: input.customerName,
        customer_email: input.customerEmail,
        customer_phone: input.customerPhone,
        notes: input.notes,
        total_pence: totals.totalPence,
        duration_minutes: totals.durationMinutes,
        status: pending ? "awaiting_payment" : "confirmed",
        mail_status: mails ? "pending" : "not-configured",
        attendance: write.attendance ?? null,
        sms_consent: input.smsConsent ? 1 : 0,
        series_id: write.series?.id ?? null,
        series_position: write.series?.position ?? null,
        created_at: now.toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow());
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(SLOT_TAKEN_MESSAGE);
    throw error;
  }
  await trx
    .insertInto("booking_services")
    .values(
      services.map((service, position) => ({
        booking_id: bookingId,
        position,
        service_id: service.id,
        title: service.title,
        price_pence: toPence(service.price),
        duration: service.duration,
      })),
    )
    .execute();
  const booking = await loadBooking(trx, { id: bookingId });
  if (!booking) throw new Error(`Booking ${bookingId} vanished inside its own transaction`);
  // Queued in the booking's transaction: the mails and the reminder exist exactly when the booking does.
  // A booking that pays first is mailed once paid (payments.server.ts), and expires unpaid at its hold's end.
  if (pending) await holdForPayment(trx, pending.config, bookingId, manageToken, pending.hold, now);
  else if (mails) await queueBookingMails(trx, booking, shop, now, write.series);
  return { booking, manageToken, hold: pending?.hold ?? null };
}
