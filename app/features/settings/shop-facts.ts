import type { PublicSettings } from "./shop-settings";

/* Facts derived from the settings, written once for pages, mails, structured data and calendar files. */

type Address = Pick<PublicSettings, "address">;

/** One line, as it appears in a footer, a mail or a calendar entry's location. */
export const addressLine = ({ address }: Address) => `${address.street}, ${address.town} ${address.postcode}`;

/** The number in international form (UK numbers written from 0), for `tel:` links and structured data. */
export function internationalPhone(phone: string) {
  const digits = phone.replace(/[^\d+]/g, "");
  if (digits.startsWith("+")) return digits;
  if (digits.startsWith("00")) return `+${digits.slice(2)}`;
  return digits.startsWith("0") ? `+44${digits.slice(1)}` : digits;
}

export const phoneHref = (phone: string) => `tel:${internationalPhone(phone)}`;

const mapQuery = (settings: Pick<PublicSettings, "shopName" | "address">) =>
  encodeURIComponent(`${settings.shopName}, ${addressLine(settings)}`);

/** Opens the address in a maps service (the contact page's Get Directions button). */
export const directionsUrl = (settings: Pick<PublicSettings, "shopName" | "address">) =>
  `https://www.google.com/maps/dir/?api=1&destination=${mapQuery(settings)}`;

/** An embeddable map of the address (the frame-src the CSP allows). */
export const mapEmbedUrl = (settings: Pick<PublicSettings, "shopName" | "address">) =>
  `https://maps.google.com/maps?q=${mapQuery(settings)}&z=15&output=embed`;

/** The social profiles the owner filled in. */
export const socialLinks = ({ social }: Pick<PublicSettings, "social">) =>
  [social.instagram, social.facebook].filter((url) => url !== "");
