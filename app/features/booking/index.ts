/** What other features may use of the booking feature in the browser and on the server (decision 051). */
export { bookAgainPath } from "./book-again";
export {
  BOOKING_STATUSES,
  SLOT_TAKEN_MESSAGE,
  appointmentRequestSchema,
  bookingConfirmationSchema,
  bookingRequestSchema,
  cancelRequestSchema,
  managedBookingSchema,
  rescheduleRequestSchema,
  walkInSchema,
} from "./booking.schema";
export type { AppointmentRequest, CancelScope, RescheduleRequest } from "./booking.schema";
export { availableTimes, bookableDates, performsAll, workingSpans } from "./rules/availability";
export type { AvailabilityRules, MemberSchedule } from "./rules/availability";
export { lateCancellationWarning, paymentAsked } from "./rules/payment";
export { isWalkIn } from "./rules/walk-in";
