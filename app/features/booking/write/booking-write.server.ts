import type { RequestContext, ShopReads } from "~/context";
import type { Db } from "~/db/client.server";
import { clockNow } from "~/lib/clock";
import type { SecretKeySource } from "~/lib/secret-box.server";
import type {
  AppointmentRequest,
  BookingRequest,
  CancelScope,
  RescheduleRequest,
  WalkInRequest,
} from "../booking.schema";
import type { BookingConfirmation, ManagedBooking } from "../booking-answers.schema";
import type { BookingKey } from "../manage.server";
import {
  cancelBookingByAdmin,
  cancelBookingByToken,
  cancelBookingsByShop,
  type AdminCancellation,
} from "./cancel.server";
import { claimOffer } from "./claim-offer.server";
import { bookAppointment } from "./create.server";
import { moveBookingByAdmin, rescheduleBookingByToken, type AdminMove, type AdminMoveOutcome } from "./move.server";
import { placeSlotBooking } from "./place.server";
import { placeBooking } from "./series.server";
import { bookWalkIn } from "./walk-in.server";

/*
 * THE BOOKING WRITE MODULE (decision 049): every change to a booking's time or status goes through
 * app/features/booking/write/, and nothing else inserts a booking or writes its slot, status or sequence
 * (one-writer.test.ts fails when a file does). Each write names who asks:
 *
 *   { kind: "customer", client }  — the booking form, POST /api/bookings, the private link, the customer's own
 *                                   page, a waitlist offer's Claim; `client` is the address the limits count.
 *   { kind: "owner" }             — the admin screens: a phone booking, the calendar's move, a cancel, a walk-in
 *                                   (and later the walk-in queue's "serve" and the till): the owner's rules.
 *   { kind: "system", cause }     — the shop's own reasons, inside the transaction that has them: a closure or a
 *                                   barber's time off over bookings, an erasure request.
 *
 * and answers the booking, or refuses with an HttpError whose status and message are the spec's (BookingRefusal
 * in refusal.server.ts names the reason where callers branch on it). Inside ONE transaction (bookTimeTransaction
 * in claim.server.ts) each write checks the rules (booking/rules/, pure), claims the time under the barbers'
 * lock, writes the row, and queues its mails, texts and payment jobs in the database's job queue; the API
 * answers after the commit and nudges the job workers.
 *
 * The entry points, for callers outside this folder:
 *   createBooking        one appointment, or with `repeat` a series          (customer | owner)
 *   createSlotBooking    one of the spec's manual slots                        (customer)
 *   importAppointment    a row of an appointments file, inside the import's transaction   (owner)
 *   moveBooking          to another time: the customer's link/page or the owner's calendar
 *   cancelBooking        the customer's link/page, or the owner's (or an erasure's) cancel of a slot's booking
 *   cancelBookingsForShop  the shop's closure or time off, inside the caller's transaction   (system)
 *   recordWalkIn         a customer already in the chair                       (owner)
 *   claimWaitlistOffer   a waitlist offer's time becomes the customer's booking (customer)
 *   settleCheckout / expireUnpaid (settle.server.ts)   after Stripe's Checkout: run by the payment jobs (system)
 */

export interface CustomerActor {
  kind: "customer";
  /** The client's address (the request's key): the booking and move limits count per client. */
  client: string;
}

export interface OwnerActor {
  kind: "owner";
}

export interface SystemActor {
  kind: "system";
  cause: "closure" | "time-off" | "erasure";
}

export type BookingActor = CustomerActor | OwnerActor | SystemActor;

interface At {
  /** The shop's clock, injected by tests; now by default. */
  now?: Date;
}

/** A new appointment on a computed time (a series with `appointment.repeat`). */
export const createBooking = (
  ctx: RequestContext,
  request: { actor: CustomerActor | OwnerActor; appointment: AppointmentRequest } & At,
): Promise<BookingConfirmation> =>
  placeBooking(ctx, request.appointment, {
    client: request.actor.kind === "customer" ? request.actor.client : "owner",
    byAdmin: request.actor.kind === "owner",
    now: request.now,
  });

/**
 * An appointment imported from another system (decision 053): the owner's rules, inside the import's
 * transaction (its own transaction becomes a savepoint there, so a refused row rolls back alone), and no mail —
 * the import queues the customer's confirmation itself when the owner asks. `inImport` is the import's transaction with the
 * request's settings; `secrets` seals the manage link.
 */
export const importAppointment = (
  inImport: ShopReads,
  request: { actor: OwnerActor; appointment: AppointmentRequest; secrets: SecretKeySource; now: Date },
) =>
  bookAppointment(inImport, request.appointment, request.now, {
    byAdmin: true,
    mails: false,
    secrets: request.secrets,
  });

/** A booking on one of the spec's manual slots (PATCH /api/booking-slots/{id}). */
export const createSlotBooking = (
  ctx: RequestContext,
  request: { actor: CustomerActor; slotId: number; booking: BookingRequest } & At,
): Promise<BookingConfirmation> =>
  placeSlotBooking(ctx, request.slotId, request.booking, { client: request.actor.client, now: request.now });

/** The customer moves their booking (private link or own page), held to the notice, the number of moves and the limits. */
export interface CustomerMove extends At {
  actor: CustomerActor;
  booking: BookingKey;
  to: RescheduleRequest;
}

/** The owner moves a booking from the calendar: any time and barber, outside the hours with `to.override`. */
export interface OwnerMove extends At {
  actor: OwnerActor;
  bookingId: number;
  to: AdminMove;
}

export function moveBooking(ctx: RequestContext, request: CustomerMove): Promise<ManagedBooking>;
export function moveBooking(ctx: RequestContext, request: OwnerMove): Promise<AdminMoveOutcome>;
export function moveBooking(ctx: RequestContext, request: CustomerMove | OwnerMove) {
  return request.actor.kind === "customer"
    ? rescheduleBookingByToken(ctx, (request as CustomerMove).booking, request.to as RescheduleRequest, {
        client: request.actor.client,
        now: request.now,
      })
    : moveBookingByAdmin(ctx, (request as OwnerMove).bookingId, request.to as AdminMove, request.now);
}

/** The customer cancels (private link or own page); `scope: "following"` takes the later dates of its series too. */
export interface CustomerCancel extends At {
  actor: CustomerActor;
  booking: BookingKey;
  scope?: CancelScope;
}

/** The owner, or an erasure request, cancels the booking on a slot. */
export interface ShopCancel extends At {
  actor: OwnerActor | (SystemActor & { cause: "erasure" });
  slotId: number;
}

export function cancelBooking(ctx: RequestContext, request: CustomerCancel): Promise<ManagedBooking>;
export function cancelBooking(ctx: RequestContext, request: ShopCancel): Promise<AdminCancellation>;
export function cancelBooking(ctx: RequestContext, request: CustomerCancel | ShopCancel) {
  const now = request.now ?? clockNow();
  if (request.actor.kind === "customer") {
    const { booking, scope } = request as CustomerCancel;
    return cancelBookingByToken(ctx, booking, now, scope);
  }
  const cause = request.actor.kind === "owner" ? "admin" : "erasure";
  return cancelBookingByAdmin(ctx, (request as ShopCancel).slotId, now, cause);
}

/**
 * The shop cancels bookings on days it closes (`closure`) or a barber takes off (`time-off`), inside the
 * caller's transaction (the one that stores the closure); the caller nudges the job workers after commit.
 */
export const cancelBookingsForShop = (
  trx: Db,
  request: { actor: SystemActor & { cause: "closure" | "time-off" }; bookingIds: readonly number[]; now: Date },
) =>
  cancelBookingsByShop(trx, request.bookingIds, request.now, request.actor.cause === "closure" ? "closure" : "admin");

/** A customer already in the chair: the owner's rules, no mail; the walk-in queue's "serve" and the till call this too. */
export const recordWalkIn = (ctx: RequestContext, request: { actor: OwnerActor; walkIn: WalkInRequest } & At) =>
  bookWalkIn(ctx, request.walkIn, request.now);

/** A waitlist offer's held time becomes the customer's booking (its link's token names the offer). */
export const claimWaitlistOffer = (ctx: RequestContext, request: { actor: CustomerActor; token: string } & At) =>
  claimOffer(ctx, request.token, request.now);
