import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/input";
import type { QueueEntry } from "../queue.schema";
import { waitWords } from "./queue-waits";

interface Props {
  entries: readonly QueueEntry[];
  team: readonly { id: number; name: string }[];
  /** The page to come back to after an action (the calendar). */
  returnTo: string;
}

const LIVE = new Set(["waiting", "called", "serving"]);

/** One action's form, posted to /admin/queue, which comes back here: works without JavaScript. */
function Action({
  entry,
  intent,
  returnTo,
  children,
}: {
  entry: QueueEntry;
  intent: string;
  returnTo: string;
  children: React.ReactNode;
}) {
  return (
    <Form method="post" action="/admin/queue" className="flex items-center gap-1">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={entry.id} />
      <input type="hidden" name="returnTo" value={returnTo} />
      {children}
    </Form>
  );
}

/** Today's walk-in queue beside the calendar's columns: who waits, for what, how long, and the owner's actions. */
export function QueuePanel({ entries, team, returnTo }: Props) {
  const live = entries.filter((entry) => LIVE.has(entry.status));
  const barber = (id: number | null) => team.find((member) => member.id === id)?.name ?? "first free";
  return (
    <aside aria-label="Walk-in queue" className="mt-4 rounded-md border border-border p-3 lg:mt-0 lg:w-80 lg:shrink-0">
      <h3 className="mb-2 font-semibold">
        Walk-in queue ({live.filter((e) => e.status === "waiting").length} waiting)
      </h3>
      {live.length === 0 && <p className="text-sm text-muted-foreground">Nobody waiting.</p>}
      <ol className="grid gap-3">
        {live.map((entry) => (
          <li key={entry.id} className="grid gap-1 rounded border border-border p-2 text-sm" data-testid="queue-entry">
            <p className="font-medium">
              {entry.position !== null && `${entry.position}. `}
              {entry.name} <span className="font-normal text-muted-foreground">· {entry.services.join(", ")}</span>
            </p>
            <p className="text-muted-foreground">
              {entry.status === "waiting"
                ? `${barber(entry.memberId)} · ${waitWords(entry.waitMinutes)}${entry.estimatedStart ? ` (${entry.estimatedStart}, ${barber(entry.estimatedMemberId)})` : ""}`
                : `${entry.status === "called" ? "Called" : "In the chair"} · ${barber(entry.estimatedMemberId)}`}
            </p>
            <div className="flex flex-wrap gap-2">
              {entry.status === "waiting" && (
                <Action entry={entry} intent="call" returnTo={returnTo}>
                  <Button type="submit" size="sm" variant="outline">
                    Call
                  </Button>
                </Action>
              )}
              {entry.status !== "serving" && (
                <Action entry={entry} intent="serve" returnTo={returnTo}>
                  <NativeSelect
                    name="memberId"
                    aria-label={`Chair for ${entry.name}`}
                    defaultValue=""
                    className="h-8 w-28 text-xs"
                  >
                    <option value="">{entry.memberId === null ? "First free" : barber(entry.memberId)}</option>
                    {team.map((member) => (
                      <option key={member.id} value={member.id}>
                        {member.name}
                      </option>
                    ))}
                  </NativeSelect>
                  <Button type="submit" size="sm">
                    Serve
                  </Button>
                </Action>
              )}
              {entry.status === "serving" && entry.bookingId !== null && (
                // The till's own way in from a booking, as the calendar's cards have it: the sale is rung up there.
                <Button size="sm" variant="outline" asChild>
                  <Link to={`/admin/till?booking=${entry.bookingId}`}>
                    Check out<span className="sr-only"> {entry.name}</span>
                  </Link>
                </Button>
              )}
              {entry.status === "serving" ? (
                <Action entry={entry} intent="done" returnTo={returnTo}>
                  <Button type="submit" size="sm" variant="outline">
                    Done
                  </Button>
                </Action>
              ) : (
                <Action entry={entry} intent="remove" returnTo={returnTo}>
                  <Button type="submit" size="sm" variant="ghost">
                    Remove
                  </Button>
                </Action>
              )}
            </div>
          </li>
        ))}
      </ol>
    </aside>
  );
}
