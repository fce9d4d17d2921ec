import { hasStarted, hoursUntil } from "~/lib/shop-time";
import { MAX_ONLINE_MOVES } from "../booking-messages.schema";

/*
 * What a customer may still change online, from the booking, the shop's notice and a clock passed in:
 * cancellable and movable ahead of the notice; inside it, cancellable only with a payment on file (the
 * late-cancellation warning then says what it costs, rules/payment.ts).
 */

/** The facts of a booking these rules read. */
export interface ChangeableBooking {
  status: string;
  date: string;
  startTime: string;
  /** How many times it has moved. */
  sequence: number;
}

/** Ahead of the notice period and still confirmed: the customer may cancel online. */
export const cancellable = (booking: ChangeableBooking, noticeHours: number, now: Date) =>
  booking.status === "confirmed" && hoursUntil(booking.date, booking.startTime, now) > noticeHours;

/** Cancellable, and not yet moved as often as a customer may move a booking online. */
export const movable = (booking: ChangeableBooking, noticeHours: number, now: Date) =>
  cancellable(booking, noticeHours, now) && booking.sequence < MAX_ONLINE_MOVES;

/** Inside the notice a customer with a payment on file may still cancel online, until the appointment starts. */
export const cancellableWith = (
  booking: ChangeableBooking,
  payment: { onFile: boolean },
  noticeHours: number,
  now: Date,
) =>
  cancellable(booking, noticeHours, now) ||
  (booking.status === "confirmed" && payment.onFile && !hasStarted(booking.date, booking.startTime, now));
