import { toPence } from "~/lib/money";

/* A booking's totals, in whole pence, from its services and the booking fee: the same sum on the page and the server. */

export interface PricedService {
  /** Pounds, as services are served by the API. */
  price: number;
  duration: number;
}

export interface BookingTotals {
  subtotalPence: number;
  feePence: number;
  totalPence: number;
  durationMinutes: number;
}

/**
 * Sums in whole pence so that £0.10 + £0.20 is £0.30, on the page and on the server alike. `feePence` is the
 * settings' booking fee (see bookingFeePence), 0 when the owner includes it in the prices.
 */
export function bookingTotals(services: readonly PricedService[], feePence: number): BookingTotals {
  const subtotalPence = services.reduce((sum, service) => sum + toPence(service.price), 0);
  const durationMinutes = services.reduce((sum, service) => sum + service.duration, 0);
  return { subtotalPence, feePence, totalPence: subtotalPence + feePence, durationMinutes };
}
