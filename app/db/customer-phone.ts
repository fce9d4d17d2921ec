/**
 * A phone number as the customers table keeps it: E.164 (+447700900123), whatever way it was written.
 * UK numbers come as 07700 900123, +44 (0)7700-900123, 0044 7700 900123 or 447700900123; a number already
 * in international form keeps its country. Bookings keep what was typed; the customer row keeps this, so
 * that one phone is one value to find a customer by. Lives with the database because the migration that
 * made the customers table (020) normalises with it too. Empty when nothing was given.
 */
export function e164Phone(phone: string) {
  let digits = phone.replace(/\(0\)/g, "").replace(/[^\d+]/g, "");
  if (digits === "") return "";
  if (digits.startsWith("00")) digits = `+${digits.slice(2)}`;
  if (digits.startsWith("+")) return `+${digits.slice(1).replace(/\+/g, "")}`;
  if (digits.startsWith("0")) return `+44${digits.slice(1)}`;
  if (digits.startsWith("44") && digits.length === 12) return `+${digits}`;
  return `+44${digits}`;
}

/** A UK number in E.164 as a British form shows it (07700900123); any other number as it is. */
export const ukNationalPhone = (phone: string) => (/^\+44\d{10}$/.test(phone) ? `0${phone.slice(3)}` : phone);
