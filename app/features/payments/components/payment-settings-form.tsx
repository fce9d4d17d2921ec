import { useState } from "react";
import { useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { FormField } from "~/components/ui/form-field";
import { Input, NativeSelect } from "~/components/ui/input";
import { toast } from "~/components/ui/toast-store";
import { ApiError, api } from "~/lib/api-client";
import { NO_KEYS_MESSAGE, type PaymentSettingsView } from "../payments.schema";

const KEY_SOURCES = { environment: "set in the environment", settings: "saved here (hidden)" } as const;

/**
 * Settings → Payments: the policy, amounts and hold, the texts switch, and the Stripe keys (write-only: a
 * saved key is never shown back, only where it comes from). Saved through the same PUT /api/settings.
 */
export function PaymentSettingsForm({ payments }: { payments: PaymentSettingsView }) {
  const { revalidate } = useRevalidator();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const keysMissing = payments.stripeSecretKey === null || payments.stripeWebhookSecret === null;

  async function save(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? "");
    setSaving(true);
    setErrors({});
    try {
      const { payments: _current, ...settings } = await api<Record<string, unknown>>("GET", "/api/settings");
      await api("PUT", "/api/settings", {
        ...settings,
        payments: {
          policy: text("policy"),
          deposit: text("deposit"),
          noShowFee: text("noShowFee"),
          askFrom: text("askFrom"),
          holdMinutes: text("holdMinutes"),
          textsEnabled: form.get("textsEnabled") === "on",
          stripeSecretKey: text("stripeSecretKey"),
          stripeWebhookSecret: text("stripeWebhookSecret"),
        },
      });
      toast({ title: "Payment settings saved" });
      await revalidate();
    } catch (error) {
      const issues = error instanceof ApiError ? error.issues : [];
      setErrors(
        Object.fromEntries(issues.map((issue) => [String(issue.path).replace(/^payments\./, ""), issue.message])),
      );
      toast({
        title: "Payment settings not saved",
        description: error instanceof Error ? error.message : String(error),
        variant: "destructive",
      });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card role="region" aria-labelledby="payments-title" id="payments" className="mt-8">
      <CardHeader>
        <h2 id="payments-title" className="text-xl font-semibold">
          Payments and texts
        </h2>
        <p className="text-sm text-muted-foreground">
          Deposits, a card on file and no-show fees through the shop&apos;s own Stripe account.
        </p>
      </CardHeader>
      <CardContent>
        <form method="post" onSubmit={save} className="grid gap-4 sm:grid-cols-2" noValidate>
          {keysMissing && (
            <p className="rounded-md border border-warning p-3 text-sm sm:col-span-2">{NO_KEYS_MESSAGE}.</p>
          )}
          <FormField label="Policy" error={errors.policy}>
            {(field) => (
              <NativeSelect {...field} name="policy" defaultValue={payments.policy}>
                <option value="none">None: pay in the shop</option>
                <option value="deposit">Deposit when booking</option>
                <option value="prepayment">Pay in full when booking</option>
                <option value="card">Card on file, no-show fee</option>
              </NativeSelect>
            )}
          </FormField>
          <FormField label="Ask" error={errors.askFrom}>
            {(field) => (
              <NativeSelect {...field} name="askFrom" defaultValue={payments.askFrom}>
                <option value="everyone">Everyone</option>
                <option value="risky">Only new customers and recent no-shows</option>
              </NativeSelect>
            )}
          </FormField>
          <FormField label="Deposit (£)" error={errors.deposit}>
            {(field) => <Input {...field} name="deposit" inputMode="decimal" defaultValue={payments.deposit} />}
          </FormField>
          <FormField label="No-show fee (£)" error={errors.noShowFee}>
            {(field) => <Input {...field} name="noShowFee" inputMode="decimal" defaultValue={payments.noShowFee} />}
          </FormField>
          <FormField label="Hold a booking for payment (minutes)" error={errors.holdMinutes}>
            {(field) => <Input {...field} name="holdMinutes" inputMode="numeric" defaultValue={payments.holdMinutes} />}
          </FormField>
          <label className="flex items-center gap-3 self-end text-sm">
            <input type="checkbox" name="textsEnabled" defaultChecked={payments.textsEnabled} className="size-5" />
            Send text messages{payments.textsAvailable ? "" : " (needs the TWILIO_… variables)"}
          </label>
          <FormField
            label="Stripe secret key"
            error={errors.stripeSecretKey}
            hint={payments.stripeSecretKey ? KEY_SOURCES[payments.stripeSecretKey] : "not set"}
          >
            {(field) => (
              <Input {...field} name="stripeSecretKey" type="password" autoComplete="off" placeholder="sk_…" />
            )}
          </FormField>
          <FormField
            label="Stripe webhook signing secret"
            error={errors.stripeWebhookSecret}
            hint={payments.stripeWebhookSecret ? KEY_SOURCES[payments.stripeWebhookSecret] : "not set"}
          >
            {(field) => (
              <Input {...field} name="stripeWebhookSecret" type="password" autoComplete="off" placeholder="whsec_…" />
            )}
          </FormField>
          <Button type="submit" disabled={saving} className="justify-self-start sm:col-span-2">
            {saving ? "Saving..." : "Save payment settings"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
