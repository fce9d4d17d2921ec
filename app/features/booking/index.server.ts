/** What other features may use of the booking feature's server code (decision 051). */
export { chosenServices, loadBusySpans, loadBusySpansAfter, loadSchedules, readSchedules } from "./availability.server";
export { forgetBookingJobs, queueImportedBookingMails } from "./booking-jobs.server";
export { loadBooking, loadCustomerBookings } from "./booking-record.server";
export type { BookingRecord } from "./booking-record.server";
export type { CalendarBooking } from "./calendar.server";
export { WAITLIST_OFFER_JOB, queueWaitlistOffers } from "./freed-time.server";
export type { WaitlistOfferJob } from "./freed-time.server";
export { managedBooking } from "./manage.server";
export type { BookingKey } from "./manage.server";
export { settleScheduleChange } from "./stranded-bookings.server";
export {
  cancelBooking,
  claimWaitlistOffer,
  importAppointment,
  moveBooking,
  recordWalkIn,
} from "./write/booking-write.server";
export { bookTimeTransaction, claimComputedTime, holdMembers, requireCandidates } from "./write/claim.server";
export {
  HOLD_EXPIRY_JOB,
  closeOffer,
  entryByToken,
  entryServiceIds,
  holdKey,
  newToken,
  refusalOf,
} from "./write/offer-entry.server";
export { checkoutOutcome, expireUnpaid, handleStripeEvent } from "./write/settle.server";
