import type { QueueSettings, ShopSettings } from "./settings.schema";

/*
 * The settings' plain facts, free of zod: the layout imports them on every page, and zod must not load
 * before the root has told it to skip its eval probe (see app/root.tsx).
 */

export const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/** The walk-in queue until the owner turns it on (issue 33). */
export const DEFAULT_QUEUE_SETTINGS: QueueSettings = {
  enabled: false,
  maxWaiting: 15,
  closesBeforeCloseMinutes: 30,
  notifyMinutes: 10,
};

/** What only admins see: internal booking rules and retention periods. */
export const PRIVATE_SETTINGS = [
  "reminderLeadHours",
  "slotIntervalMinutes",
  "bookingBufferMinutes",
  "bookingRetentionMonths",
  "contactRetentionMonths",
  "reviewUrl",
  "reviewRequestHours",
  "till",
] as const satisfies readonly (keyof ShopSettings)[];

export type PublicSettings = Omit<ShopSettings, (typeof PRIVATE_SETTINGS)[number]>;

export function publicSettings(settings: ShopSettings): PublicSettings {
  const copy: Partial<ShopSettings> = { ...settings };
  for (const key of PRIVATE_SETTINGS) delete copy[key];
  return copy as PublicSettings;
}

/** Today's shop, so that a fresh start looks exactly as before settings existed. */
export const DEFAULT_SETTINGS: ShopSettings = {
  shopName: "Oldham Barbers",
  tagline: "Expert Grooming For Every Style",
  about: "Professional haircuts and grooming services at the best prices, in the heart of Oldham.",
  address: { street: "57 Yorkshire Street", town: "Oldham", postcode: "OL1 1RT" },
  geo: { latitude: 53.5414, longitude: -2.1093 },
  phone: "0161 624 9876",
  email: "",
  social: {
    instagram: "https://www.instagram.com/oldhambarbers",
    facebook: "https://www.facebook.com/oldhambarbers",
  },
  bookingFee: 8,
  feeIncludedInPrices: false,
  cancellationNoticeHours: 24,
  minimumNoticeMinutes: 120,
  bookingHorizonWeeks: 8,
  reminderLeadHours: 24,
  slotIntervalMinutes: 15,
  bookingBufferMinutes: 0,
  bookingRetentionMonths: 24,
  contactRetentionMonths: 12,
  reviewUrl: "",
  reviewRequestHours: 3,
  waitlistHoldMinutes: 30,
  vatNumber: "",
  till: { float: 0 },
  queue: DEFAULT_QUEUE_SETTINGS,
  openingHours: [
    { day: 0, ranges: [{ start: "09:30", end: "16:00" }] },
    ...[1, 2, 3, 4, 5].map((day) => ({ day, ranges: [{ start: "09:00", end: "18:00" }] })),
    { day: 6, ranges: [{ start: "08:30", end: "17:00" }] },
  ],
  closures: [],
};

/** The fee a booking adds on top of its services, in pence; none when the owner includes it in the prices. */
export const bookingFeePence = (settings: Pick<ShopSettings, "bookingFee" | "feeIncludedInPrices">) =>
  settings.feeIncludedInPrices ? 0 : Math.round(settings.bookingFee * 100);

/** What one service costs booked on its own, fee and all, in pence: the headline price the drip-pricing ban asks for. */
export const allInPence = (servicePrice: number, feePence: number) => Math.round(servicePrice * 100) + feePence;
