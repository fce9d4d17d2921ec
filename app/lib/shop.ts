/*
 * The shop's own facts, written once: the footer, the contact page, structured
 * data, mails and calendar invitations all read them from here.
 */

export const SHOP_NAME = "Oldham Barbers";

export const SHOP_ADDRESS = {
  street: "57 Yorkshire Street",
  town: "Oldham",
  postcode: "OL1 1RT",
  country: "GB",
} as const;

/** One line, as it appears in a footer, a mail or a calendar entry's location. */
export const SHOP_ADDRESS_LINE = `${SHOP_ADDRESS.street}, ${SHOP_ADDRESS.town} ${SHOP_ADDRESS.postcode}`;

/** Where the shop stands, for structured data (schema.org GeoCoordinates). */
export const SHOP_GEO = { latitude: 53.5414, longitude: -2.1093 } as const;

export const SHOP_PHONE = "0161 624 9876";
/** The same number in international form for `tel:` links. */
export const SHOP_PHONE_HREF = "tel:+441616249876";

export const SHOP_TIME_ZONE = "Europe/London";

export interface OpeningHours {
  /** As people read it, e.g. "Monday – Friday". */
  days: string;
  /** As people read it, e.g. "9:00 am – 6:00 pm". */
  hours: string;
  /** schema.org day names, for structured data. */
  dayOfWeek: readonly string[];
  /** 24-hour `HH:mm`, for structured data. */
  opens: string;
  closes: string;
}

export const OPENING_HOURS: readonly OpeningHours[] = [
  {
    days: "Monday – Friday",
    hours: "9:00 am – 6:00 pm",
    dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
    opens: "09:00",
    closes: "18:00",
  },
  { days: "Saturday", hours: "8:30 am – 5:00 pm", dayOfWeek: ["Saturday"], opens: "08:30", closes: "17:00" },
  { days: "Sunday", hours: "9:30 am – 4:00 pm", dayOfWeek: ["Sunday"], opens: "09:30", closes: "16:00" },
];

export const SHOP_SOCIAL_LINKS = {
  instagram: "https://www.instagram.com/oldhambarbers",
  facebook: "https://www.facebook.com/oldhambarbers",
} as const;

/** Opens the address in a maps service (the contact page's Get Directions button). */
export const SHOP_DIRECTIONS_URL = `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(
  `${SHOP_NAME}, ${SHOP_ADDRESS_LINE}`,
)}`;

/** An embeddable map of the address (the frame-src the CSP allows). */
export const SHOP_MAP_EMBED_URL = `https://maps.google.com/maps?q=${encodeURIComponent(
  `${SHOP_NAME}, ${SHOP_ADDRESS_LINE}`,
)}&z=15&output=embed`;
