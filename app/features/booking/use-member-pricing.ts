import { useEffect, useState } from "react";
import { useBookingFeePence } from "~/features/settings";
import type { Service } from "~/features/services";
import { api } from "~/lib/api-client";
import { pricedForMember, type MemberVisitsLeft } from "./rules/membership";

/*
 * The booking page's member price (issue 34): once the e-mail and a computed time are known, the page asks for
 * the member's visits left then, and prices by the same pure rule as the server (a covered service at £0 with
 * "Included in your membership — …"). Anyone else, or a failed question, is priced as listed.
 */

const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Asked once typing pauses, not on every key. */
const PAUSE_MS = 400;

export function useMemberPricing(
  email: string,
  services: readonly Service[],
  date: string | null,
  startTime: string | undefined,
) {
  const address = email.trim();
  const asked = LOOKS_LIKE_EMAIL.test(address) && date && startTime ? `${address}|${date}|${startTime}` : null;
  // The answer is kept with the question it answers: a changed address or time reads as "not a member" at once.
  const [answer, setAnswer] = useState<{ asked: string; allowance: MemberVisitsLeft | null } | null>(null);
  useEffect(() => {
    if (!asked || !date || !startTime) return;
    let current = true;
    const timer = setTimeout(() => {
      api<{ allowance: MemberVisitsLeft | null }>("POST", "/api/memberships/allowance", {
        email: address,
        date,
        startTime,
      })
        .then((found) => current && setAnswer({ asked, allowance: found.allowance }))
        .catch(() => current && setAnswer({ asked, allowance: null }));
    }, PAUSE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [asked, address, date, startTime]);
  const allowance = answer && answer.asked === asked ? answer.allowance : null;
  return pricedForMember(services, allowance ?? undefined, useBookingFeePence());
}
