import { Form } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { Input, Label, NativeSelect } from "~/components/ui/input";
import { formatPounds } from "~/lib/money";
import { formatShopDate, formatShopInstant } from "~/lib/shop-time";
import type { AdminGiftCard } from "../gift-cards.schema";

/* The owner's gift cards: issue one at the desk, and each card with its balance, history and Void. */

const HISTORY_WORDS = {
  issued: "Issued",
  spent: "Spent",
  refunded: "Given back",
  voided: "Voided",
  expired: "Expired",
} as const;

export function IssueGiftCardForm({ errors }: { errors: Record<string, string> }) {
  const field = (label: string, name: string, props: React.ComponentProps<"input"> = {}) => (
    <div className="grid gap-2">
      <Label htmlFor={`issue-${name}`}>{label}</Label>
      <Input id={`issue-${name}`} name={name} aria-invalid={Boolean(errors[name])} {...props} />
      {errors[name] && <p className="text-sm font-medium text-destructive">{errors[name]}</p>}
    </div>
  );
  return (
    <Form method="post" className="grid gap-4 sm:grid-cols-2" aria-label="Issue a gift card">
      <input type="hidden" name="intent" value="issue" />
      {field("Amount (£)", "amount", { inputMode: "decimal", required: true })}
      <div className="grid gap-2">
        <Label htmlFor="issue-paidBy">Paid by</Label>
        <NativeSelect id="issue-paidBy" name="paidBy" defaultValue="cash">
          <option value="cash">Cash</option>
          <option value="reader">Card reader</option>
          <option value="none">Nothing: the shop&apos;s gift</option>
        </NativeSelect>
      </div>
      {field("Recipient's name", "recipient.name", { required: true })}
      {field("Recipient's email (optional: the code is mailed)", "recipient.email", { type: "email" })}
      {field("Reason", "reason", { required: true, placeholder: "Sold at the desk" })}
      <Button type="submit" className="justify-self-start self-end">
        Issue gift card
      </Button>
    </Form>
  );
}

export function GiftCardList({ cards }: { cards: readonly AdminGiftCard[] }) {
  if (cards.length === 0) return <EmptyState>No gift cards yet.</EmptyState>;
  return (
    <ul className="grid gap-3 md:grid-cols-2" aria-label="Gift cards">
      {cards.map((card) => (
        <li key={card.id} className="grid gap-2 rounded-lg border border-border bg-card p-4 text-sm">
          <span className="flex flex-wrap items-center justify-between gap-2">
            <span className="font-mono text-base font-semibold">{card.code}</span>
            <Badge variant={card.status === "active" ? "outline" : "warning"}>{card.status}</Badge>
          </span>
          <span>
            {formatPounds(card.balance)} left of {formatPounds(card.initial)} · for {card.recipientName} · until{" "}
            {formatShopDate(card.expiresAt, "short")}
          </span>
          <ul className="grid gap-1 text-muted-foreground" aria-label={`History of ${card.code}`}>
            {card.history.map((movement, index) => (
              <li key={index}>
                {formatShopInstant(movement.at, "short")}: {HISTORY_WORDS[movement.kind]}{" "}
                {formatPounds(Math.abs(movement.amount))}
                {movement.bookingReference ? ` (${movement.bookingReference})` : ""}
                {movement.note ? `: ${movement.note}` : ""}
              </li>
            ))}
          </ul>
          {card.status === "active" || card.status === "used" ? (
            <Form method="post" className="flex flex-wrap items-end gap-2">
              <input type="hidden" name="intent" value="void" />
              <input type="hidden" name="code" value={card.code} />
              <div className="grid gap-1">
                <Label htmlFor={`void-${card.id}`}>Reason to void</Label>
                <Input id={`void-${card.id}`} name="reason" required className="h-9" />
              </div>
              <Button type="submit" variant="outline" size="sm">
                Void
              </Button>
            </Form>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
