/*
 * "Now" for the shop's rules: what day it is, what has started, what is inside the notice period. Real time,
 * except in an end-to-end run, whose server starts with this clock at a fixed time of day (TEST_CLOCK_START,
 * decision 026) so a test about "later today" runs at any hour. Security clocks (sessions, sign-in codes, rate
 * limits) and record timestamps keep reading real time. In the browser the offset stays 0; tests move the
 * browser's own clock with Playwright's page.clock.
 */

let offsetMs = 0;

export const clockNow = () => new Date(Date.now() + offsetMs);

/** From this moment on, the clock reads `instant` and runs on from there. */
export function startClockAt(instant: Date) {
  offsetMs = instant.getTime() - Date.now();
}
