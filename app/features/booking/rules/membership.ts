import { bookingTotals, type BookingTotals, type PricedService } from "./totals";

/*
 * A member's booking (issue 34, decision 058): one visit of the month's allowance pays for one covered service,
 * the dearest of the booking's, which is priced £0; the other services are priced as usual. A booking with
 * nothing left to pay asks no booking fee either, so no deposit or prepayment is asked for an included visit.
 */

/** What a member may still have included: the plan's services and the visits left this month. */
export interface MemberVisitsLeft {
  serviceIds: readonly number[];
  visitsLeft: number;
  visitsPerMonth: number;
}

export interface MemberPricing<S> {
  services: S[];
  /** The service the visit pays for; null when none is covered (or no visit is left). */
  covered: S | null;
  totals: BookingTotals;
  /** The booking's words for the included service, counting this visit as used. */
  message: string | null;
}

/** The words the booking page and the answer show for an included service. */
export const includedMessage = (visitsLeft: number, visitsPerMonth: number) =>
  `Included in your membership — ${visitsLeft} of ${visitsPerMonth} visits left this month`;

export function pricedForMember<S extends PricedService & { id: number }>(
  services: readonly S[],
  allowance: MemberVisitsLeft | undefined,
  feePence: number,
): MemberPricing<S> {
  const covered =
    allowance && allowance.visitsLeft > 0
      ? services
          .filter((service) => allowance.serviceIds.includes(service.id))
          .reduce<S | null>((dearest, service) => (dearest && dearest.price >= service.price ? dearest : service), null)
      : null;
  if (!covered || !allowance) {
    return { services: [...services], covered: null, totals: bookingTotals(services, feePence), message: null };
  }
  const priced = services.map((service) => (service === covered ? { ...service, price: 0 } : service));
  const rest = bookingTotals(priced, 0);
  return {
    services: priced,
    covered,
    totals: rest.subtotalPence === 0 ? rest : bookingTotals(priced, feePence),
    message: includedMessage(allowance.visitsLeft - 1, allowance.visitsPerMonth),
  };
}
