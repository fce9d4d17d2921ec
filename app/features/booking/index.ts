/** What other features may use of the booking feature in the browser and on the server (decision 051). */
export { bookAgainPath } from "./book-again";
export {
  appointmentRequestSchema,
  bookingRequestSchema,
  cancelRequestSchema,
  rescheduleRequestSchema,
  walkInSchema,
} from "./booking.schema";
export { BOOKING_STATUSES, bookingConfirmationSchema, managedBookingSchema } from "./booking-answers.schema";
export { SLOT_TAKEN_MESSAGE } from "./booking-messages.schema";
export type { AppointmentRequest, CancelScope, RescheduleRequest } from "./booking.schema";
export { availableTimes, bookableDates, performsAll, workingSpans } from "./rules/availability";
export type { AvailabilityRules, MemberSchedule } from "./rules/availability";
export { lateCancellationWarning, paymentAsked } from "./rules/payment";
export { isWalkIn } from "./rules/walk-in";
