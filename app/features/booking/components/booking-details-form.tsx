import type { UseFormReturn } from "react-hook-form";
import { PrivacyNote } from "~/components/ui/privacy-note";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input, Textarea } from "~/components/ui/input";
import type { BookingFormInput, BookingFormValues } from "../booking.schema";

export type BookingForm = UseFormReturn<BookingFormInput, unknown, BookingFormValues>;

interface BookingDetailsFormProps {
  form: BookingForm;
  onSubmit: (values: BookingFormValues) => Promise<void>;
  /** The client notices for what is still missing ("Please select a time slot"); empty when ready. */
  missing: readonly string[];
}

/** "Your Details": the customer's name, email, phone and notes, checked by the shared booking schema. */
export function BookingDetailsForm({ form, onSubmit, missing }: BookingDetailsFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = form;
  const ready = missing.length === 0;
  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="grid gap-4" aria-labelledby="your-details-title">
      <h2 id="your-details-title" className="text-2xl font-semibold">
        Your Details
      </h2>
      <FormField label="Name" error={errors.customerName?.message}>
        {(field) => <Input {...field} autoComplete="name" {...register("customerName")} />}
      </FormField>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField label="Email" error={errors.customerEmail?.message}>
          {(field) => (
            <Input {...field} type="email" autoComplete="email" inputMode="email" {...register("customerEmail")} />
          )}
        </FormField>
        <FormField label="Phone" error={errors.customerPhone?.message} hint="A UK number, e.g. 07700 900123">
          {(field) => <Input {...field} type="tel" autoComplete="tel" inputMode="tel" {...register("customerPhone")} />}
        </FormField>
      </div>
      <FormField label="Notes (optional)" error={errors.notes?.message}>
        {(field) => <Textarea {...field} rows={3} className="min-h-20" {...register("notes")} />}
      </FormField>
      {!ready && (
        <ul role="status" className="grid gap-1 text-sm font-medium text-destructive">
          {missing.map((notice) => (
            <li key={notice}>{notice}</li>
          ))}
        </ul>
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
