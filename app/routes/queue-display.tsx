import { data } from "react-router";
import { QueueWaits } from "~/features/queue/components/queue-waits";
import { usePolling } from "~/features/queue/components/use-polling";
import { queueDisplay } from "~/features/queue/queue-display.server";
import { seoMeta } from "~/features/seo/seo";
import type { Route } from "./+types/queue-display";

const POLL_MS = 10_000;

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, { title: "Walk-in queue", description: "", path: "/queue/display", noindex: true });

export async function loader({ context }: Route.LoaderArgs) {
  return data(await queueDisplay(context));
}

/** The TV at the door: full screen over the site's frame, big type, updating itself; no session needed. */
export default function QueueDisplayPage({ loaderData }: Route.ComponentProps) {
  const { state, next, qrCode, queueUrl, shopName } = loaderData;
  usePolling(true, POLL_MS);
  return (
    <main className="fixed inset-0 z-[70] grid grid-cols-[1fr_auto] gap-12 overflow-hidden bg-background p-12 text-foreground">
      <noscript>
        <meta httpEquiv="refresh" content="30" />
      </noscript>
      <div className="grid content-start gap-10">
        <h1 className="text-6xl font-bold">{shopName}: walk-ins</h1>
        <section aria-label="Next up">
          <h2 className="mb-4 text-3xl font-semibold text-muted-foreground">Next up</h2>
          {next.length === 0 ? (
            <p className="text-4xl">Nobody waiting: walk right in.</p>
          ) : (
            <ol className="grid gap-3">
              {next.map((entry) => (
                <li key={entry.key} className="flex gap-6 text-5xl" data-testid="display-entry">
                  <span className="w-44 tabular-nums text-muted-foreground">{entry.place}</span>
                  <span className="flex-1 font-semibold">{entry.name}</span>
                  <span className="text-muted-foreground">{entry.barber}</span>
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>
      <aside className="grid w-[40rem] content-start gap-6">
        <section aria-label="Waits">
          <h2 className="mb-2 text-3xl font-semibold text-muted-foreground">Wait now</h2>
          {state.open || state.waiting > 0 ? <QueueWaits state={state} large /> : null}
          {!state.open && <p className="mt-4 text-3xl">{state.reason}</p>}
        </section>
        <figure className="grid justify-items-center gap-3 rounded-xl bg-white p-6 text-black">
          <img src={qrCode} alt={`QR code of ${queueUrl}`} width={300} height={300} />
          <figcaption className="text-center text-2xl font-semibold">Scan to join the queue</figcaption>
        </figure>
      </aside>
    </main>
  );
}
