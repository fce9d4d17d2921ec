import { CalendarOff } from "lucide-react";
import { Form, Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FormProblem } from "~/components/ui/form-field";
import { formatShopDate } from "~/lib/shop-time";
import type { BankHolidayAhead, BankHolidayState } from "../bank-holidays";
import type { StrandedBooking } from "../settings.schema";
import { StrandedBookingsQuestion } from "./stranded-bookings-question";

/** The settings action's answer to a refused decision: why, and the bookings on those days when that is why. */
export interface BankHolidaysPosted {
  message: string;
  fieldErrors: Record<string, string>;
  details: { bookings?: StrandedBooking[] };
  values: { dates: string[] };
}

const STATE: Record<BankHolidayState, { label: string; variant: "default" | "success" | "warning" }> = {
  closed: { label: "Closed", variant: "default" },
  open: { label: "Open", variant: "success" },
  undecided: { label: "Not decided: bookable", variant: "warning" },
};

/** The form every choice posts: the settings page's action, with the holidays' dates. */
function ChoiceForm({ dates, children }: { dates: readonly string[]; children: React.ReactNode }) {
  return (
    <Form method="post" action="/admin/settings" className="flex flex-wrap items-center gap-2">
      <input type="hidden" name="intent" value="bank-holidays" />
      {dates.map((date) => (
        <input key={date} type="hidden" name="dates" value={date} />
      ))}
      {children}
    </Form>
  );
}

/**
 * England and Wales's bank holidays for the year ahead, shipped with the code, each with the owner's decision:
 * "Add as closure" (one by one or all at once) or "Stay open". Nothing closes until the owner says so; a
 * holiday left undecided stays bookable, and the dashboard asks about the next one.
 */
export function BankHolidaysPanel({
  holidays,
  posted,
}: {
  holidays: readonly BankHolidayAhead[];
  posted?: BankHolidaysPosted | undefined;
}) {
  const undecided = holidays.filter((holiday) => holiday.state === "undecided").map((holiday) => holiday.date);
  const stranded = posted?.details.bookings;
  return (
    <Card role="region" aria-labelledby="bank-holidays-title" id="bank-holidays" className="mt-6 scroll-mt-24">
      <CardHeader>
        <CardTitle level={2} id="bank-holidays-title">
          Bank holidays
        </CardTitle>
        <CardDescription>
          England and Wales, the coming year. Customers can book a bank holiday until you add it as a closure; nothing
          closes until you choose.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {posted && stranded ? (
          <ChoiceForm dates={posted.values.dates}>
            <input type="hidden" name="choice" value="close" />
            <div className="grid gap-3">
              <StrandedBookingsQuestion message={posted.message} bookings={stranded} name="closureBookings" />
              <Button type="submit" className="justify-self-start">
                Add as closure
              </Button>
            </div>
          </ChoiceForm>
        ) : (
          <FormProblem failure={posted} />
        )}
        {undecided.length > 1 && (
          <ChoiceForm dates={undecided}>
            <input type="hidden" name="choice" value="close" />
            <Button type="submit" variant="outline">
              <CalendarOff aria-hidden />
              Add all {undecided.length} undecided as closures
            </Button>
          </ChoiceForm>
        )}
        <ul className="grid gap-2">
          {holidays.map((holiday) => (
            <li
              key={holiday.date}
              className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-md border border-border p-3"
              data-bank-holiday={holiday.date}
            >
              <div className="grid gap-0.5">
                <span className="font-semibold">{holiday.name}</span>
                <span className="text-sm text-muted-foreground">{formatShopDate(holiday.date)}</span>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                <Badge variant={STATE[holiday.state].variant}>{STATE[holiday.state].label}</Badge>
                {holiday.state !== "closed" && (
                  <ChoiceForm dates={[holiday.date]}>
                    <Button type="submit" name="choice" value="close" size="sm">
                      Add as closure<span className="sr-only">: {holiday.name}</span>
                    </Button>
                    {holiday.state === "undecided" && (
                      <Button type="submit" name="choice" value="open" size="sm" variant="outline">
                        Stay open<span className="sr-only">: {holiday.name}</span>
                      </Button>
                    )}
                  </ChoiceForm>
                )}
              </div>
            </li>
          ))}
        </ul>
        {holidays.length === 0 && (
          <p className="text-sm text-muted-foreground">No bank holidays are known for the year ahead.</p>
        )}
      </CardContent>
    </Card>
  );
}

/** The dashboard's and settings' question about the next bank holiday nobody has decided about yet. */
export function BankHolidayNudge({ holiday }: { holiday: BankHolidayAhead }) {
  return (
    // Not a status region: it is part of the page as drawn, and a save's notice beside it is the news.
    <p
      className="mb-6 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-md border border-amber-500 bg-amber-50 p-3 text-sm text-amber-950"
      data-testid="bank-holiday-nudge"
    >
      <CalendarOff aria-hidden className="size-4 shrink-0" />
      <span>
        <strong>{holiday.name}</strong>, {formatShopDate(holiday.date)}: open or closed? Customers can book it until you
        decide.
      </span>
      <Link to="/admin/settings#bank-holidays" className="font-semibold underline underline-offset-4">
        Decide in Settings
      </Link>
    </p>
  );
}
