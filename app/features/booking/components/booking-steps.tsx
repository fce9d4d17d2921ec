import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { useShopSettings } from "~/features/settings";
import { waitlistJoinPath } from "~/features/waitlist";
import { cn } from "~/lib/cn";
import { formatShopDate } from "~/lib/shop-time";
import type { SeriesPreviewDate } from "../booking-answers.schema";
import { paidSeriesMessage } from "../booking-messages.schema";
import type { BookingFlow } from "../use-booking-flow";
import { BarberPicker } from "./barber-picker";
import { MonthCalendar, monthOf } from "./month-calendar";
import { RepeatPicker, type RepeatChoice } from "./repeat-picker";
import { SlotGrid } from "./slot-grid";

/* The booking page's steps after the services: the barber, the date and the time. */

/** The GET form that the service, barber and calendar controls belong to when the page runs without JavaScript. */
export const CHOICES_FORM = "booking-choices";

/** A step's heading: focus lands here when the page brings the step into view. */
const stepHeading = "text-2xl font-semibold leading-tight outline-none";

/**
 * Only browsers without JavaScript need it: the choices of services and barber go to the server, which answers
 * with the dates they offer. Inside <noscript>, so nothing moves when the page hydrates.
 */
export function ShowDatesButton({ className }: { className?: string }) {
  return (
    <noscript>
      <Button type="submit" form={CHOICES_FORM} variant="outline" className={cn("self-start", className)}>
        Show free dates
      </Button>
    </noscript>
  );
}

export function BarberStep({ flow }: { flow: BookingFlow }) {
  return (
    <Card ref={flow.stepRef("barber")} className="scroll-mt-20">
      <CardHeader>
        <h2 id="choose-barber" tabIndex={-1} data-step-heading className={stepHeading}>
          Choose a Barber
        </h2>
        <p className="text-sm text-muted-foreground">
          {flow.chosenServices.length === 0
            ? "Choose your services first: only barbers who do all of them are offered."
            : "Only barbers who do every chosen service are offered."}
        </p>
      </CardHeader>
      <CardContent>
        <BarberPicker
          members={flow.ableMembers}
          value={flow.memberChoice}
          onChange={flow.chooseMember}
          form={CHOICES_FORM}
        />
        <ShowDatesButton className="mt-4" />
      </CardContent>
    </Card>
  );
}

interface DateStepProps {
  flow: BookingFlow;
  today: string;
  /** Whether the shop has opened manual slots: then dates show without choosing services first. */
  hasSlots: boolean;
}

export function DateStep({ flow, today, hasSlots }: DateStepProps) {
  return (
    <Card ref={flow.stepRef("date")} className="scroll-mt-20">
      <CardHeader>
        <h2 id="choose-date" tabIndex={-1} data-step-heading className={stepHeading}>
          Choose a Date
        </h2>
        {flow.chosenServices.length === 0 && !hasSlots && (
          <p className="text-sm text-muted-foreground">Choose your services to see the dates with free times.</p>
        )}
      </CardHeader>
      <CardContent>
        <MonthCalendar
          month={flow.month}
          onMonthChange={flow.setMonth}
          today={today}
          minMonth={monthOf(today)}
          label="Choose a date"
          isDisabled={(day) => day < today || !flow.hasTimes(day)}
          isSelected={(day) => day === flow.date}
          onSelect={flow.chooseDate}
          describe={(day) => {
            if (day < today) return undefined;
            if (flow.hasComputedTimes(day)) return "times available";
            const count = flow.manualSlotCount(day);
            return count === 0 ? "no slots available" : `${count} ${count === 1 ? "slot" : "slots"} available`;
          }}
          tone={(day) => (flow.hasTimes(day) ? "available" : undefined)}
          form={CHOICES_FORM}
          className="mx-auto max-w-md"
        />
      </CardContent>
    </Card>
  );
}

interface TimeStepProps {
  flow: BookingFlow;
  /** Why the chosen time was lost (taken or gone), until another is chosen. */
  slotNotice: string | null;
  onTimeChosen: () => void;
  /** Whether the shop offers repeat appointments now (decision 032). */
  repeatOffered: boolean;
  repeat: RepeatChoice;
  onRepeatChange: (next: RepeatChoice) => void;
  seriesPreview: SeriesPreviewDate[] | undefined;
}

export function TimeStep(props: TimeStepProps) {
  const { flow, slotNotice, repeatOffered, repeat } = props;
  const { date, choice } = flow;
  const chosenTime = choice?.kind === "time" ? choice : undefined;
  const shop = useShopSettings();
  return (
    <Card ref={flow.stepRef("time")} className="scroll-mt-20">
      <CardHeader>
        <h2 id="choose-time" tabIndex={-1} data-step-heading className={stepHeading}>
          Choose a Time
        </h2>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {date ? formatShopDate(date) : "Choose a date to see its free times."}
        </p>
        <p className="text-sm">
          <Link
            to={waitlistJoinPath({ date, serviceIds: flow.chosenIds, barber: flow.memberChoice })}
            className="font-medium underline underline-offset-4"
          >
            Full? Join the waitlist
          </Link>
        </p>
      </CardHeader>
      {(date || slotNotice) && (
        <CardContent className="grid gap-3">
          {slotNotice && (
            <p
              role="alert"
              className="rounded-md border border-destructive/40 bg-red-50 p-3 text-sm font-medium text-destructive"
            >
              {slotNotice}
            </p>
          )}
          {date && (
            // Without JavaScript a time comes back as `time`, with the choices it was offered for.
            <form method="get" action="/bookings#choose-time">
              {flow.chosenIds.map((id) => (
                <input key={id} type="hidden" name="service" value={id} />
              ))}
              <input type="hidden" name="barber" value={flow.memberChoice} />
              <input type="hidden" name="date" value={date} />
              <SlotGrid
                slots={flow.choices}
                selectedKey={choice?.key}
                onSelect={(next) => {
                  props.onTimeChosen();
                  flow.chooseTime(next);
                }}
                label={`Times on ${formatShopDate(date)}`}
              />
            </form>
          )}
          {!repeatOffered && chosenTime && (
            <p className="rounded-md bg-muted p-3 text-sm" data-testid="repeat-unavailable">
              {paidSeriesMessage(shop.phone)}
            </p>
          )}
          {repeatOffered && chosenTime && (
            <RepeatPicker
              value={repeat}
              onChange={props.onRepeatChange}
              carried={[
                ...flow.chosenIds.map((id): [string, string] => ["service", id]),
                ["barber", flow.memberChoice],
                ["date", date ?? ""],
                ["time", chosenTime.key],
              ]}
              preview={props.seriesPreview}
            />
          )}
        </CardContent>
      )}
    </Card>
  );
}
