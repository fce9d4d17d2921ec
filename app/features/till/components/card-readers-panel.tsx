import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import type { Reader } from "../till.schema";
import { tillField } from "./payment-panels";

/*
 * Settings → Payments → Card readers (issue 31): the shop's Stripe Terminal readers with their label, kind,
 * status and location, a form to register one by the code it shows (`simulated-wpe` gives a simulated reader in
 * test mode) and a button to forget one. Plain forms to the settings page's action, which calls what
 * POST and DELETE /api/terminal/readers call.
 */

const DEVICE_NAMES: Record<string, string> = {
  bbpos_wisepos_e: "BBPOS WisePOS E",
  simulated_wisepos_e: "Simulated WisePOS E",
  stripe_s700: "Stripe Reader S700",
  simulated_stripe_s700: "Simulated Stripe Reader S700",
};

const STATUS_WORDS: Record<string, string> = {
  online: "Online",
  offline: "Offline",
  unknown: "Not known (Stripe could not be reached)",
};

export interface ReadersPanelProps {
  readers: Reader[];
  /** The shop's name and address, which the readers' Terminal location was made from. */
  place: string;
  /** Online payments are set up (the Stripe keys): readers need them. */
  ready: boolean;
  posted?: { message: string };
}

export function CardReadersPanel({ readers, place, ready, posted }: ReadersPanelProps) {
  return (
    <Card role="region" aria-labelledby="readers-title" id="card-readers" className="mt-8">
      <CardHeader>
        <h2 id="readers-title" className="text-xl font-semibold">
          Card readers
        </h2>
        <p className="text-sm text-muted-foreground">
          The shop&apos;s Stripe Terminal readers (WisePOS E or S700) that the till sends card payments to.
        </p>
      </CardHeader>
      <CardContent className="grid gap-4">
        {posted && (
          <p role="alert" className="font-medium text-destructive">
            {posted.message}
          </p>
        )}
        {readers.length === 0 ? (
          <p>No card reader registered yet.</p>
        ) : (
          <ul aria-label="Registered card readers" className="grid gap-3">
            {readers.map((reader) => (
              <li
                key={reader.id}
                className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border p-3"
              >
                <div className="grid gap-0.5">
                  <span className="font-semibold">{reader.label}</span>
                  <span className="text-sm">{DEVICE_NAMES[reader.deviceType] ?? reader.deviceType}</span>
                  <span className="text-sm">Status: {STATUS_WORDS[reader.status] ?? reader.status}</span>
                  <span className="text-sm text-muted-foreground">
                    Location: {place} ({reader.location})
                  </span>
                </div>
                <Form method="post">
                  <input type="hidden" name="intent" value="remove-reader" />
                  <input type="hidden" name="readerId" value={reader.id} />
                  <Button type="submit" variant="outline" size="lg" aria-label={`Remove ${reader.label}`}>
                    Remove
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        )}
        {ready ? (
          <Form
            method="post"
            aria-label="Register a card reader"
            className="grid items-end gap-3 sm:grid-cols-[1fr_1fr_auto]"
          >
            <input type="hidden" name="intent" value="add-reader" />
            <label className="grid gap-1">
              Registration code (shown on the reader)
              <input name="registrationCode" autoComplete="off" className={tillField} />
            </label>
            <label className="grid gap-1">
              Label
              <input name="label" placeholder="Front desk" className={tillField} />
            </label>
            <Button type="submit" size="lg" className="min-h-12">
              Register reader
            </Button>
          </Form>
        ) : (
          <p>Save the Stripe keys above first: a reader is registered with the shop&apos;s Stripe account.</p>
        )}
      </CardContent>
    </Card>
  );
}
