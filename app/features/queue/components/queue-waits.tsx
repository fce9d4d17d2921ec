import type { QueueState } from "../queue.schema";

/** "about 25 min", "no wait": how a wait reads at the door. */
export const waitWords = (minutes: number | null) =>
  minutes === null ? "not today" : minutes === 0 ? "no wait" : `about ${minutes} min`;

/** The wait with the first free barber and with each barber, as a list (the join page and the TV). */
export function QueueWaits({ state, large = false }: { state: QueueState; large?: boolean }) {
  const row = large ? "flex justify-between gap-8 py-2 text-3xl" : "flex justify-between gap-4 py-2";
  return (
    <ul aria-label="Waits now" className="divide-y divide-border">
      <li className={`${row} font-semibold`}>
        <span>First free barber</span>
        <span className="tabular-nums">{waitWords(state.anyoneWaitMinutes)}</span>
      </li>
      {state.estimates.map((estimate) => (
        <li key={estimate.memberId} className={row}>
          <span>{estimate.name}</span>
          <span className="tabular-nums">{waitWords(estimate.waitMinutes)}</span>
        </li>
      ))}
    </ul>
  );
}
