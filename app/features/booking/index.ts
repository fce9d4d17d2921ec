/** What other features may use of the booking feature in the browser and on the server (decision 051). */
export { bookAgainPath } from "./book-again";
export {
  BOOKING_STATUSES,
  appointmentRequestSchema,
  bookingConfirmationSchema,
  bookingRequestSchema,
  cancelRequestSchema,
  managedBookingSchema,
  rescheduleRequestSchema,
} from "./booking.schema";
export type { CancelScope, RescheduleRequest } from "./booking.schema";
export { availableTimes, bookableDates, performsAll } from "./rules/availability";
export type { MemberSchedule } from "./rules/availability";
export { lateCancellationWarning, paymentAsked } from "./rules/payment";
