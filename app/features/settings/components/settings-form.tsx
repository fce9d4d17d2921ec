import { zodResolver } from "@hookform/resolvers/zod";
import { get, useForm, useWatch, type FieldErrors } from "react-hook-form";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FormField } from "~/components/ui/form-field";
import { Input, Textarea } from "~/components/ui/input";
import { ApiError, api } from "~/lib/api-client";
import { withFieldErrors } from "~/lib/form-errors";
import { useAdminAction } from "~/lib/use-admin-action";
import { DISPLAY_WEEK } from "../opening-hours";
import {
  settingsSchema,
  type SettingsInput,
  type ShopSettings,
  type StrandedBooking,
  type StrandedBookingsChoice as Choice,
} from "../settings.schema";
import { WEEKDAY_NAMES } from "../shop-settings";
import { Closures, DayHours } from "./settings-hours-fields";
import { StrandedBookingsQuestion } from "./stranded-bookings-question";

type Errors = FieldErrors<SettingsInput>;

/** What the page's action answered to the form posted without JavaScript, shown by the page it renders. */
export interface PostedSettings {
  values: SettingsInput;
  message: string;
  fieldErrors: Record<string, string>;
  /** The bookings a new closure would leave standing (a 409), for the owner to keep or cancel. */
  bookings?: StrandedBooking[];
}

/**
 * The message of a nested field (e.g. "address.street"), wherever the form, the API or the page's action
 * (`posted`, by path) put it.
 */
const messageAt = (errors: Errors, posted: Record<string, string>, path: string): string | undefined => {
  const error = get(errors, path) as { message?: string; root?: { message?: string } } | undefined;
  // A rule about a whole list (overlapping ranges, a day twice) sits on the list, or on its root for field arrays.
  return error?.message ?? error?.root?.message ?? posted[path];
};

/** The paths a server refusal may name, so its message lands on the field too. */
const SERVER_FIELDS = [
  "shopName",
  "tagline",
  "about",
  "address.street",
  "address.town",
  "address.postcode",
  "geo.latitude",
  "geo.longitude",
  "phone",
  "email",
  "social.instagram",
  "social.facebook",
  "bookingFee",
  "cancellationNoticeHours",
  "minimumNoticeMinutes",
  "bookingHorizonWeeks",
  "reminderLeadHours",
  "slotIntervalMinutes",
  "bookingBufferMinutes",
  "bookingRetentionMonths",
  "contactRetentionMonths",
  "reviewUrl",
  "reviewRequestHours",
  "waitlistHoldMinutes",
  "queue.maxWaiting",
  "queue.closesBeforeCloseMinutes",
  "queue.notifyMinutes",
  "vatNumber",
  "till.float",
] as const;

/** Every weekday in the form, in schema order (0 = Sunday), so a day's index is its number. */
function withEveryDay(settings: SettingsInput): SettingsInput {
  return {
    ...settings,
    openingHours: WEEKDAY_NAMES.map(
      (_, day) => settings.openingHours.find((entry) => entry.day === day) ?? { day, ranges: [] },
    ),
  };
}

/**
 * The owner's one form for the shop's facts, booking rules, weekly hours and closures. Rendered with its
 * values on the server and posted to the page's action without JavaScript; hydrated, it PUTs to the API.
 */
export function SettingsForm({ settings, posted }: { settings: ShopSettings; posted?: PostedSettings }) {
  const defaults = withEveryDay(posted?.values ?? settings);
  const [stranded, setStranded] = useState(
    posted?.bookings ? { message: posted.message, bookings: posted.bookings } : null,
  );
  const [choice, setChoice] = useState<Choice>();
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<SettingsInput, unknown, ShopSettings>({
    resolver: zodResolver(settingsSchema),
    defaultValues: defaults,
  });
  const messageOf = (path: string) => messageAt(errors, posted?.fieldErrors ?? {}, path);
  /** The value a field starts with, written into the server's HTML (react-hook-form fills inputs only once hydrated). */
  const initial = (path: string) => get(defaults, path) as string | number | undefined;
  const { run } = useAdminAction();
  const feeIncluded = useWatch({ control, name: "feeIncludedInPrices" });

  const onSubmit = handleSubmit(async (values) => {
    const save = api<ShopSettings>("PUT", "/api/settings", { ...values, closureBookings: choice }).catch(
      (error: unknown) => {
        if (error instanceof ApiError && error.status === 409 && Array.isArray(error.details.bookings)) {
          setStranded({ message: error.message, bookings: error.details.bookings as StrandedBooking[] });
        }
        throw error;
      },
    );
    const saved = await run(() => withFieldErrors(save, setError, { fields: SERVER_FIELDS }), {
      success: { title: "Settings saved", description: "The shop's settings have been saved." },
    });
    if (saved) {
      setStranded(null);
      setChoice(undefined);
      reset(withEveryDay(saved));
    }
  });

  const text = (label: string, name: (typeof SERVER_FIELDS)[number], props: React.ComponentProps<"input"> = {}) => (
    <FormField label={label} error={messageOf(name)}>
      {(field) => <Input {...field} {...register(name)} defaultValue={initial(name)} {...props} />}
    </FormField>
  );
  const number = (
    label: string,
    name: (typeof SERVER_FIELDS)[number],
    hint?: string,
    props: React.ComponentProps<"input"> = {},
  ) => (
    <FormField label={label} error={messageOf(name)} hint={hint}>
      {(field) => (
        <Input
          {...field}
          {...register(name, { valueAsNumber: true })}
          defaultValue={initial(name)}
          type="number"
          inputMode="numeric"
          step="1"
          {...props}
        />
      )}
    </FormField>
  );

  return (
    <form method="post" onSubmit={onSubmit} noValidate aria-label="Shop settings" className="grid gap-6">
      {posted && !posted.bookings && (
        <p role="alert" className="rounded-md border border-destructive p-3 text-sm font-medium text-destructive">
          {posted.message}
        </p>
      )}
      <Section
        id="shop-facts"
        title="Shop details"
        description="Shown in the header and footer, on Contact and to search engines."
      >
        <div className="grid gap-4 sm:grid-cols-2">
          {text("Shop name", "shopName", { autoComplete: "organization" })}
          {text("Tagline", "tagline")}
        </div>
        <FormField label="About" error={messageOf("about")} hint="A sentence or two for the footer.">
          {(field) => <Textarea {...field} {...register("about")} defaultValue={initial("about")} rows={3} />}
        </FormField>
        <div className="grid gap-4 sm:grid-cols-3">
          {text("Street", "address.street", { autoComplete: "address-line1" })}
          {text("Town", "address.town", { autoComplete: "address-level2" })}
          {text("Postcode", "address.postcode", { autoComplete: "postal-code" })}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          {number("Latitude", "geo.latitude", "Where the shop stands on the map, e.g. 53.5414.", {
            step: "any",
            inputMode: "decimal",
          })}
          {number("Longitude", "geo.longitude", "e.g. -2.1093.", { step: "any", inputMode: "decimal" })}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          {text("Phone", "phone", { type: "tel", autoComplete: "tel" })}
          {text("Public email", "email", { type: "email", spellCheck: false })}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          {text("Instagram address", "social.instagram", { type: "url", placeholder: "https://www.instagram.com/…" })}
          {text("Facebook address", "social.facebook", { type: "url", placeholder: "https://www.facebook.com/…" })}
        </div>
      </Section>

      <Section id="booking-rules" title="Booking rules" description="How online booking works for customers.">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            label="Booking fee (£)"
            error={messageOf("bookingFee")}
            hint="Added once to every booking; each price then shows its all-in price too."
          >
            {(field) => (
              <Input
                {...field}
                {...register("bookingFee", { valueAsNumber: true })}
                defaultValue={initial("bookingFee")}
                type="number"
                step="0.01"
                min="0"
                inputMode="decimal"
                // Read-only rather than disabled, so the form posted without JavaScript still carries it.
                readOnly={feeIncluded}
                className={feeIncluded ? "opacity-50" : undefined}
              />
            )}
          </FormField>
          <div className="flex items-start gap-3 sm:pt-7">
            <input
              id="fee-included"
              type="checkbox"
              {...register("feeIncludedInPrices", {
                onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
                  if (event.target.checked) setValue("bookingFee", 0, { shouldValidate: true });
                },
              })}
              defaultChecked={defaults.feeIncludedInPrices}
              aria-describedby="fee-included-hint"
              className="mt-0.5 size-5 shrink-0 cursor-pointer accent-[var(--color-primary)]"
            />
            <span className="grid gap-1">
              <label htmlFor="fee-included" className="text-sm font-medium leading-none">
                Fee included in prices
              </label>
              <span id="fee-included-hint" className="text-xs text-muted-foreground">
                No separate fee anywhere: the service prices are the whole bill.
              </span>
            </span>
          </div>
        </div>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {number("Cancellation notice (hours)", "cancellationNoticeHours", "Online cancelling ends this long before.")}
          {number("Minimum notice (minutes)", "minimumNoticeMinutes", "The soonest a customer can book ahead.")}
          {number("Booking horizon (weeks)", "bookingHorizonWeeks", "How far ahead customers can book.")}
          {number("Reminder (hours before)", "reminderLeadHours", "When the reminder mail goes out.")}
          {number("Slot interval (minutes)", "slotIntervalMinutes", "The grid of start times offered.")}
          {number("Buffer (minutes)", "bookingBufferMinutes", "Kept free after each appointment.")}
          {number("Keep bookings (months)", "bookingRetentionMonths", "Then customer details are removed.")}
          {number("Keep messages (months)", "contactRetentionMonths", "Then contact messages are removed.")}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          {text("Review link", "reviewUrl", { type: "url", placeholder: "https://g.page/r/…/review" })}
          {number(
            "Review request (hours after)",
            "reviewRequestHours",
            "After a visit marked attended; empty link: none.",
          )}
          {number(
            "Waitlist hold (minutes)",
            "waitlistHoldMinutes",
            "How long a freed time waits for the customer it is offered to.",
          )}
          {text("VAT number (on receipts)", "vatNumber", { placeholder: "GB123456789" })}
          {number("Till float (£)", "till.float", "The cash the till opens with each day.", { step: "0.01", min: "0" })}
        </div>
      </Section>

      <Section
        id="walk-ins"
        title="Walk-ins"
        description="The live queue customers join at /queue from their phone or the QR code at the door."
      >
        <div className="flex items-start gap-3">
          <input
            id="queue-enabled"
            type="checkbox"
            {...register("queue.enabled")}
            defaultChecked={defaults.queue?.enabled}
            className="mt-0.5 size-5 shrink-0 cursor-pointer accent-[var(--color-primary)]"
          />
          <label htmlFor="queue-enabled" className="text-sm font-medium leading-none">
            Take walk-ins in the queue
          </label>
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          {number("Most people waiting", "queue.maxWaiting", "The queue is full at this many (1–50).")}
          {number(
            "Stop taking names (minutes before closing)",
            "queue.closesBeforeCloseMinutes",
            "So the last customer is seen before you close.",
          )}
          {number(
            "Nearly-up text (minutes)",
            "queue.notifyMinutes",
            "A customer who agreed is texted when their wait falls to this.",
          )}
        </div>
        <p className="text-sm">
          <a href="/admin/queue-poster" className="underline" target="_blank" rel="noreferrer">
            Print the A4 poster with the QR code
          </a>{" "}
          ·{" "}
          <a href="/queue/display" className="underline" target="_blank" rel="noreferrer">
            Open the TV screen
          </a>
        </p>
      </Section>

      <Section
        id="opening-hours"
        title="Opening hours"
        description="Per day: open or closed, and one or more time ranges (for example closed for lunch). Slots can only be made inside them."
      >
        {messageOf("openingHours") && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {messageOf("openingHours")}
          </p>
        )}
        <div className="grid gap-3">
          {DISPLAY_WEEK.map((day) => (
            <DayHours key={day} day={day} control={control} register={register} messageOf={messageOf} />
          ))}
        </div>
      </Section>

      <Section
        id="closures"
        title="Closures"
        description="Dates the shop is shut. A closure within the next 14 days is announced on Home, Booking and Contact."
      >
        <Closures control={control} register={register} messageOf={messageOf} />
      </Section>

      {stranded && (
        <StrandedBookingsQuestion
          message={stranded.message}
          bookings={stranded.bookings}
          name="closureBookings"
          onChoose={setChoice}
        />
      )}
      <div className="flex justify-end">
        <Button type="submit" size="lg" disabled={isSubmitting}>
          {isSubmitting ? "Saving..." : "Save Settings"}
        </Button>
      </div>
    </form>
  );
}

function Section({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description: string;
  children: React.ReactNode;
}) {
  return (
    <Card role="region" aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle level={2} id={`${id}-title`}>
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">{children}</CardContent>
    </Card>
  );
}
