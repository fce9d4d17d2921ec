/** What other features may use of the booking feature's server code (decision 051). */
export { chosenServices, loadBusySpans, loadSchedules } from "./availability.server";
export { forgetBookingJobs, queueBookingMails } from "./booking-jobs.server";
export { loadBooking, loadCustomerBookings } from "./booking-record.server";
export type { BookingRecord } from "./booking-record.server";
export {
  bookTimeTransaction,
  candidatesFor,
  claimComputedTime,
  confirmationOf,
  holdMembers,
  insertBooking,
  openPayment,
} from "./booking.server";
export type { CalendarBooking } from "./calendar.server";
export { freeSlot } from "./cancellation.server";
export { WAITLIST_OFFER_JOB, queueWaitlistOffers } from "./freed-time.server";
export type { WaitlistOfferJob } from "./freed-time.server";
export { cancelBookingByAdmin, cancelBookingByToken, managedBooking, rescheduleBookingByToken } from "./manage.server";
export type { BookingKey } from "./manage.server";
export { settleScheduleChange } from "./stranded-bookings.server";
