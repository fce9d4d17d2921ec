/* The booking's messages, shared by the booking page, the admin slot dialog and the server: one message per rule. */

export const SELECT_DATE_MESSAGE = "Please select at least one date";
export const SELECT_SERVICE_MESSAGE = "Please select at least one service";
export const SELECT_SLOT_MESSAGE = "Please select a time slot";
export const UK_PHONE_MESSAGE = "Please enter a valid UK phone number";
export const NOT_ENOUGH_TIME_MESSAGE =
  "There is not enough time for the chosen services at this time. Please choose another time.";
export const ENDS_AFTER_MIDNIGHT_MESSAGE = "An appointment must end by midnight. Please choose an earlier time.";
export const SERVICE_GONE_MESSAGE =
  "One of the chosen services is no longer offered. Please refresh the page and choose again.";
export const MEMBER_CANNOT_MESSAGE =
  "The chosen barber does not do all of the chosen services. Please choose another barber or Anyone.";
export const SLOT_TAKEN_MESSAGE =
  "Sorry, that time slot has just been booked by someone else. Please choose another time.";
const SLOT_GONE_MESSAGE = "Sorry, that time slot is no longer available. Please choose another time.";

/**
 * What the booking page tells the customer when a booking is refused because the chosen time is gone
 * (409: taken a moment earlier or no longer fits; 404: the shop removed it), or null for any other refusal.
 */
export function lostTimeNotice(status: number, message: string): string | null {
  if (status === 409) return message;
  return status === 404 ? SLOT_GONE_MESSAGE : null;
}

/** Each move mails the shop: past this many, a customer who keeps moving should talk to the shop. */
export const MAX_ONLINE_MOVES = 5;
export const movedTooOftenMessage = (phone: string) =>
  `This booking has been moved online several times already. To change it again, please call us on ${phone}.`;

/**
 * Why the booking page offers no Repeat while the shop asks a payment (decision 032): said on the page where
 * Repeat would be, and answered by the API's 409 to a series, in the same words.
 */
export const paidSeriesMessage = (phone: string) =>
  `Repeat appointments cannot be booked online while the shop asks for a payment when booking. Please book one appointment at a time, or call us on ${phone}.`;
