/**
 * Pounds as the spec shows them everywhere: £ and two decimals, e.g. £18.50 (£1,250.00 past a thousand).
 * Written out rather than with Intl.NumberFormat: a page's first Intl formatter loads the locale's data,
 * about 20 ms of blocked main thread on a phone, in the middle of hydrating a price list.
 */
export function formatPounds(amount: number) {
  const pence = Math.round(Math.abs(amount) * 100);
  const wholePounds = String(Math.floor(pence / 100)).replace(/\B(?=(\d{3})+$)/g, ",");
  const sign = amount < 0 && pence > 0 ? "-" : "";
  return `${sign}£${wholePounds}.${String(pence % 100).padStart(2, "0")}`;
}

/** Prices travel in pounds (the API, the forms) and are summed and stored in whole pence. */
export const toPence = (pounds: number) => Math.round(pounds * 100);
export const toPounds = (pence: number) => pence / 100;

export const formatPence = (pence: number) => formatPounds(toPounds(pence));
