import type { UseFormReturn } from "react-hook-form";
import { PrivacyNote } from "~/components/ui/privacy-note";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input, Textarea } from "~/components/ui/input";
import type { BookingFormInput, BookingFormValues } from "../booking.schema";
import type { PostedField } from "../use-booking-flow";

export type BookingForm = UseFormReturn<BookingFormInput, unknown, BookingFormValues>;

/** The server's answer to the form posted without JavaScript, for the form to show. */
export interface PostedDetails {
  /** The details as typed, so nothing is lost. */
  values: Record<string, string>;
  /** The schema's message per field. */
  fieldErrors: Record<string, string>;
  /** A refusal no field or other part of the page shows (e.g. the rate limit). */
  refusal: string | null;
}

interface BookingDetailsFormProps {
  form: BookingForm;
  onSubmit: (values: BookingFormValues) => Promise<void>;
  /** The client notices for what is still missing ("Please select a time slot"); empty when ready. */
  missing: readonly string[];
  /** Where the form posts without JavaScript: the page itself, whose address holds the choices. */
  action: string;
  /** The chosen services and time, which a plain post carries as hidden fields. */
  hiddenFields: readonly PostedField[];
  posted?: PostedDetails;
  /** Twilio is set up: the customer may ask for texts (an unticked box, never assumed). */
  textsOffered?: boolean;
  /** The shop's deposit or card policy, said again beside the button that leads to payment. */
  paymentPolicy?: string | null;
}

/**
 * "Your Details": the customer's name, email, phone and notes, checked by the shared booking schema. Hydrated,
 * the page books through the API; before and without JavaScript the browser posts the form to the page's action.
 */
export function BookingDetailsForm({
  form,
  onSubmit,
  missing,
  action,
  hiddenFields,
  posted,
  textsOffered = false,
  paymentPolicy = null,
}: BookingDetailsFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = form;
  const ready = missing.length === 0;
  const serverError = (name: string) => posted?.fieldErrors[name];
  return (
    <form
      method="post"
      action={action}
      onSubmit={handleSubmit(onSubmit)}
      noValidate
      className="grid gap-4"
      aria-labelledby="your-details-title"
    >
      <h2 id="your-details-title" className="scroll-mt-20 text-2xl font-semibold">
        Your Details
      </h2>
      {hiddenFields.map(([name, value]) => (
        <input key={`${name}-${value}`} type="hidden" name={name} value={value} />
      ))}
      <FormField label="Name" error={errors.customerName?.message ?? serverError("customerName")}>
        {(field) => (
          <Input
            {...field}
            autoComplete="name"
            {...register("customerName")}
            // register() fills fields only once hydrated; the server's HTML needs the value itself.
            defaultValue={posted?.values.customerName}
          />
        )}
      </FormField>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField label="Email" error={errors.customerEmail?.message ?? serverError("customerEmail")}>
          {(field) => (
            <Input
              {...field}
              type="email"
              autoComplete="email"
              inputMode="email"
              {...register("customerEmail")}
              defaultValue={posted?.values.customerEmail}
            />
          )}
        </FormField>
        <FormField
          label="Phone"
          error={errors.customerPhone?.message ?? serverError("customerPhone")}
          hint="A UK number, e.g. 07700 900123"
        >
          {(field) => (
            <Input
              {...field}
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              {...register("customerPhone")}
              defaultValue={posted?.values.customerPhone}
            />
          )}
        </FormField>
      </div>
      <FormField label="Notes (optional)" error={errors.notes?.message ?? serverError("notes")}>
        {(field) => (
          <Textarea
            {...field}
            rows={3}
            className="min-h-20"
            {...register("notes")}
            defaultValue={posted?.values.notes}
          />
        )}
      </FormField>
      {textsOffered && (
        <label className="flex items-center gap-3 text-sm">
          <input type="checkbox" className="size-5 accent-primary" {...register("smsConsent")} />
          Text me my confirmation and a reminder
        </label>
      )}
      {paymentPolicy && (
        <FormField
          label="Gift card code (optional)"
          hint="What you pay when booking comes off the gift card first."
          error={errors.giftCardCode?.message ?? serverError("giftCardCode")}
        >
          {(field) => (
            <Input
              {...field}
              autoComplete="off"
              autoCapitalize="characters"
              placeholder="XXXX-XXXX-XXXX-XXXX"
              {...register("giftCardCode")}
            />
          )}
        </FormField>
      )}
      {paymentPolicy && <p className="text-sm font-medium">{paymentPolicy}. You pay securely with Stripe next.</p>}
      {!ready && (
        <ul role="status" className="grid gap-1 text-sm font-medium text-destructive">
          {missing.map((notice) => (
            <li key={notice}>{notice}</li>
          ))}
        </ul>
      )}
      {posted?.refusal && (
        <p role="alert" className="rounded-md border border-destructive px-4 py-3 text-sm font-medium text-destructive">
          Booking failed: {posted.refusal}
        </p>
      )}
      <PrivacyNote purpose="for your appointment: to confirm it, remind you of it and reach you about it" />
      <Button
        type="submit"
        size="lg"
        disabled={!ready || isSubmitting}
        className="w-full sm:w-auto sm:justify-self-start"
      >
        {isSubmitting ? "Booking..." : "Book Appointment"}
      </Button>
    </form>
  );
}
