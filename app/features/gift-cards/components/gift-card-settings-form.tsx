import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import type { GiftCardSettings } from "../gift-cards.schema";

export interface GiftCardSettingsPosted {
  message: string;
  fieldErrors: Record<string, string>;
  values: Record<string, string>;
}

/** The form's fields as the settings' shape: the amounts typed as "10, 25, 50". */
export const giftCardSettingsFromForm = (form: Record<string, string | undefined>, enabled: boolean) => ({
  enabled,
  amounts: (form.amounts ?? "")
    .split(",")
    .map((amount) => amount.trim())
    .filter(Boolean),
  min: form.min,
  max: form.max,
  validMonths: form.validMonths,
});

/**
 * Settings → Gift cards: posted to the settings page's action (intent "gift-cards"), which saves through the
 * same schema and function as PUT /api/settings' `giftCards`; it works without JavaScript.
 */
export function GiftCardSettingsForm({
  giftCards,
  posted,
  saved,
}: {
  giftCards: GiftCardSettings;
  posted?: GiftCardSettingsPosted;
  saved: boolean;
}) {
  const value = (name: keyof GiftCardSettings) =>
    posted?.values[name] ?? (name === "amounts" ? giftCards.amounts.join(", ") : String(giftCards[name]));
  const errors = posted?.fieldErrors ?? {};
  return (
    <Card role="region" aria-labelledby="gift-cards-title" id="gift-cards" className="mt-8">
      <CardHeader>
        <h2 id="gift-cards-title" className="text-xl font-semibold">
          Gift cards
        </h2>
        <p className="text-sm text-muted-foreground">
          Sold on the gift cards page through the shop&apos;s own Stripe account (Payments above needs its keys), and
          spent online when booking or in the shop.
        </p>
      </CardHeader>
      <CardContent>
        {saved && !posted && (
          <p role="status" className="mb-4 text-sm font-medium">
            Gift card settings saved.
          </p>
        )}
        {posted && (
          <p role="alert" className="mb-4 text-sm font-medium text-destructive">
            {posted.message}
          </p>
        )}
        <Form method="post" className="grid gap-4 sm:grid-cols-2">
          <input type="hidden" name="intent" value="gift-cards" />
          <label className="flex items-center gap-3 text-sm sm:col-span-2">
            <input
              type="checkbox"
              name="enabled"
              defaultChecked={posted ? posted.values.enabled === "on" : giftCards.enabled}
              className="size-5"
            />
            Sell gift cards online
          </label>
          <FormField label="Amount buttons (£, separated by commas)" error={errors.amounts}>
            {(field) => <Input {...field} name="amounts" defaultValue={value("amounts")} />}
          </FormField>
          <FormField label="Valid for (months, 12–60)" error={errors.validMonths}>
            {(field) => <Input {...field} name="validMonths" inputMode="numeric" defaultValue={value("validMonths")} />}
          </FormField>
          <FormField label="Smallest amount (£, at least 5)" error={errors.min}>
            {(field) => <Input {...field} name="min" inputMode="decimal" defaultValue={value("min")} />}
          </FormField>
          <FormField label="Largest amount (£, at most 500)" error={errors.max}>
            {(field) => <Input {...field} name="max" inputMode="decimal" defaultValue={value("max")} />}
          </FormField>
          <Button type="submit" className="justify-self-start sm:col-span-2">
            Save gift card settings
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}
