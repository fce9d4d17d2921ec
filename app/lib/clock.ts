/*
 * "Now" for the shop's rules: what day it is, what has started, what is inside the notice period. Real time,
 * except in an end-to-end run, whose server starts with this clock at a fixed time of day (TEST_CLOCK_START,
 * decision 026) so a test about "later today" runs at any hour. The job queue reads it too, so a job due "now"
 * is due now in the clock that queued it. Security clocks (sessions, sign-in codes, the sign-in and contact
 * limits), Stripe's expiries and most record timestamps keep reading real time. One offset per process: a test
 * clock is for one server (instances booted apart would disagree on leases and due times). In the browser the offset stays 0; tests move the
 * browser's own clock with Playwright's page.clock.
 */

let offsetMs = 0;

export const clockNow = () => new Date(Date.now() + offsetMs);

/** From this moment on, the clock reads `instant` and runs on from there. */
export function startClockAt(instant: Date) {
  offsetMs = instant.getTime() - Date.now();
}
