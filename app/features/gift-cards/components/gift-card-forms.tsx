import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Input, Label, Textarea } from "~/components/ui/input";
import { formatPounds } from "~/lib/money";
import { GIFT_MESSAGE_MAX, type GiftCardSettings } from "../gift-cards.schema";

/* The gift cards page's two plain forms: buying one (to Stripe's Checkout) and checking a balance. */

type Values = Record<string, string>;

function FieldError({ name, errors }: { name: string; errors: Record<string, string> }) {
  return errors[name] ? (
    <p id={`gift-${name}-error`} className="text-sm font-medium text-destructive">
      {errors[name]}
    </p>
  ) : null;
}

const describedBy = (name: string, errors: Record<string, string>) =>
  errors[name] ? { "aria-describedby": `gift-${name}-error`, "aria-invalid": true } : {};

interface TextFieldProps {
  label: string;
  name: string;
  values: Values;
  errors: Record<string, string>;
  /** The schema's path of the field, where its refusal is keyed. */
  path?: string;
  input?: React.ComponentProps<"input">;
}

function TextField({ label, name, values, errors, path = name, input = {} }: TextFieldProps) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={`gift-${name}`}>{label}</Label>
      <Input
        id={`gift-${name}`}
        name={name}
        defaultValue={values[name] ?? ""}
        {...describedBy(path, errors)}
        {...input}
      />
      <FieldError name={path} errors={errors} />
    </div>
  );
}

interface BuyProps {
  settings: GiftCardSettings;
  today: string;
  lastSendOn: string;
  values: Values;
  errors: Record<string, string>;
}

/** Posted to the page's action, which sends the buyer on to Stripe: it works without JavaScript. */
export function GiftCardBuyForm({ settings, today, lastSendOn, values, errors }: BuyProps) {
  const chosen = values.amount ?? String(settings.amounts[0] ?? "");
  return (
    <Form method="post" className="grid gap-5" aria-label="Buy a gift card">
      <input type="hidden" name="intent" value="buy" />
      <fieldset className="grid gap-2" {...describedBy("amount", errors)}>
        <legend className="mb-1 text-sm font-medium">Amount</legend>
        <div className="flex flex-wrap gap-3">
          {settings.amounts.map((amount) => (
            <label key={amount} className="flex min-h-11 items-center gap-2 rounded-md border px-4 text-sm">
              <input
                type="radio"
                name="amount"
                value={amount}
                defaultChecked={chosen === String(amount)}
                className="size-5"
              />
              {formatPounds(amount)}
            </label>
          ))}
        </div>
        <TextField
          label={`Or another amount, £${settings.min}–£${settings.max} (optional)`}
          name="otherAmount"
          path="amount"
          values={values}
          errors={errors}
          input={{ type: "number", min: settings.min, max: settings.max, step: "0.01", inputMode: "decimal" }}
        />
      </fieldset>
      <TextField
        label="Your name"
        name="buyerName"
        path="buyer.name"
        values={values}
        errors={errors}
        input={{ autoComplete: "name", required: true }}
      />
      <TextField
        label="Your email (for the receipt)"
        name="buyerEmail"
        path="buyer.email"
        values={values}
        errors={errors}
        input={{ type: "email", autoComplete: "email", required: true }}
      />
      <TextField
        label="Recipient's name"
        name="recipientName"
        path="recipient.name"
        values={values}
        errors={errors}
        input={{ required: true }}
      />
      <TextField
        label="Recipient's email (optional: without it, the card comes to you)"
        name="recipientEmail"
        path="recipient.email"
        values={values}
        errors={errors}
        input={{ type: "email" }}
      />
      <div className="grid gap-2">
        <Label htmlFor="gift-message">Message (optional, up to {GIFT_MESSAGE_MAX} characters)</Label>
        <Textarea
          id="gift-message"
          name="message"
          maxLength={GIFT_MESSAGE_MAX}
          defaultValue={values.message ?? ""}
          {...describedBy("message", errors)}
        />
        <FieldError name="message" errors={errors} />
      </div>
      <TextField
        label="Send it on (optional: today when empty)"
        name="sendOn"
        values={values}
        errors={errors}
        input={{ type: "date", min: today, max: lastSendOn }}
      />
      <p className="text-sm text-muted-foreground">
        Valid for {settings.validMonths} months from the day it is issued. The balance can be spent online when booking
        or in the shop. You pay on Stripe&apos;s secure page.
      </p>
      <Button type="submit" className="min-h-11">
        Continue to payment
      </Button>
    </Form>
  );
}

export interface BalanceAnswer {
  balance: number;
  expiresAt: string;
  status: "active" | "used" | "expired" | "void";
}

const STATE_WORDS: Record<BalanceAnswer["status"], string> = {
  active: "active",
  used: "used up",
  expired: "expired",
  void: "cancelled",
};

/** The code is posted, never put in the address (it is the card's secret). */
export function GiftCardBalanceForm({
  answer,
  expiry,
  error,
}: {
  answer?: BalanceAnswer;
  expiry?: string;
  error?: string;
}) {
  return (
    <Form method="post" className="grid gap-4" aria-label="Check a gift card's balance">
      <input type="hidden" name="intent" value="balance" />
      <div className="grid gap-2">
        <Label htmlFor="gift-code">Gift card code</Label>
        <Input
          id="gift-code"
          name="code"
          required
          autoComplete="off"
          autoCapitalize="characters"
          placeholder="XXXX-XXXX-XXXX-XXXX"
          {...(error ? { "aria-describedby": "gift-code-error", "aria-invalid": true } : {})}
        />
        {error && (
          <p id="gift-code-error" role="alert" className="text-sm font-medium text-destructive">
            {error}
          </p>
        )}
      </div>
      <Button type="submit" variant="outline" className="min-h-11">
        Check balance
      </Button>
      {answer && (
        <p role="status">
          Balance {formatPounds(answer.balance)}, {STATE_WORDS[answer.status]}, valid until {expiry}.
        </p>
      )}
    </Form>
  );
}
