/*
 * "Book again": the booking page with the same services and barber chosen, so a regular only picks the
 * day and the time. The address carries ids only, never who the customer is: their details come from
 * their signed-in session (server-side) or from the form they have just filled in.
 */

export function bookAgainPath(serviceIds: readonly (number | string)[], memberId: number | null | undefined) {
  const search = new URLSearchParams(serviceIds.map((id) => ["service", String(id)]));
  if (memberId !== null && memberId !== undefined) search.set("barber", String(memberId));
  return `/bookings?${search}#choose-date`;
}
