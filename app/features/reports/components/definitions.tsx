/** How every figure is counted: the same words as docs/reports.md (decision 054). */
export function ReportDefinitions() {
  const items: [string, string][] = [
    ["Period", "Whole days in the shop's time, both ends included; appointments are counted by their start."],
    [
      "Appointments",
      "Booked: every booking not cancelled and not expired unpaid. Attended and no-shows as marked. Cancelled: by anyone. Late cancelled: by the customer inside the cancellation notice. Walk-ins: bookings written at or after their own start (the customer was already in the chair).",
    ],
    ["No-show rate", "No-shows ÷ (attended + no-shows); none when both are 0."],
    [
      "Utilisation",
      "The minutes of a barber's bookings (not cancelled or expired, the services' lengths) ÷ their working minutes (weekly hours inside the shop's, less time off, breaks and closures). Overall: the sums' ratio.",
    ],
    [
      "Rebooking rate",
      "Of the attended appointments, the share whose customer made another booking for a later time within 7 days after that appointment's start (by the customer or the shop). A walk-in without a name counts as not rebooked.",
    ],
    [
      "Customers",
      "New: their first attended visit ever is in the period. Returning: seen in the period, first visit before it. Returned within 60 days: of the new customers whose first visit is at least 60 days before the period's end, the share with another attended visit within 60 days of the first. A customer is one person across bookings (by e-mail, else phone).",
    ],
    [
      "Takings",
      "What was paid, on the day it was paid: services, products and tips from the till's paid sales (less their discount), no-show and late-cancellation fees, deposits kept, less refunds, gives net. An online deposit or prepayment counts once, in services, when its visit is checked out (or marked attended without a sale); a deposit kept counts as deposits kept; a deposit handed back before it counted is not a refund of takings.",
    ],
  ];
  return (
    <details className="mt-8 rounded-[var(--radius-card)] border border-border bg-card p-4 text-sm">
      <summary className="cursor-pointer font-semibold">How these figures are counted</summary>
      <dl className="mt-3 grid gap-3">
        {items.map(([term, definition]) => (
          <div key={term}>
            <dt className="font-semibold">{term}</dt>
            <dd className="text-muted-foreground">{definition}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
