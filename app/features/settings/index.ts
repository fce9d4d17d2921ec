/** What other features may use of the settings feature in the browser and on the server (decision 051). */
export { useBookingFeePence } from "./components/booking-fee-note";
export { ShopPhoneLink } from "./components/shop-phone-link";
export { StrandedBookingsQuestion } from "./components/stranded-bookings-question";
export {
  closedLabel,
  closedReason,
  dayOfWeek,
  fitsWithin,
  formatRanges,
  openingRangesOn,
  rangeCovering,
  weekLines,
  weekdayRanges,
} from "./opening-hours";
export type { ClosedReason } from "./opening-hours";
export {
  closureBookingsMessage,
  dateRangeSchema,
  strandedBookingSchema,
  strandedBookingsChoiceSchema,
  weeklyHoursSchema,
} from "./settings.schema";
export type {
  DateRange,
  ShopSettings,
  StrandedBooking,
  StrandedBookingsChoice,
  TimeRange,
  WeeklyHours,
} from "./settings.schema";
export { addressLine, internationalPhone, socialLinks } from "./shop-facts";
export { DEFAULT_SETTINGS, WEEKDAY_NAMES, allInPence, bookingFeePence, publicSettings } from "./shop-settings";
export type { PublicSettings } from "./shop-settings";
export { useShopSettings } from "./use-shop-settings";
export { ClosureNotice } from "./components/closure-notice";
