import { useId } from "react";
import { cn } from "~/lib/cn";
import { Label } from "./input";

interface FormFieldProps {
  label: React.ReactNode;
  error?: string;
  hint?: React.ReactNode;
  className?: string;
  /** Receives the ids that tie the control to its label, hint and error for screen readers. */
  children: (field: { id: string; "aria-invalid": boolean; "aria-describedby"?: string }) => React.ReactNode;
}

/** The id of a field's label, for controls that name themselves with it plus their own text (aria-labelledby). */
export const fieldLabelId = (fieldId: string) => `${fieldId}-label`;

export function FormField({ label, error, hint, className, children }: FormFieldProps) {
  const id = useId();
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("grid gap-2", className)}>
      <Label id={fieldLabelId(id)} htmlFor={id}>
        {label}
      </Label>
      {children({ id, "aria-invalid": Boolean(error), "aria-describedby": describedBy })}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * A posted form's refusal that no field of it shows (its fields show theirs beside them): said inside the
 * form, next to its button, where the person who pressed it is looking, never only at the top of the page.
 */
export function FormProblem({
  failure,
  shownOnFields = [],
}: {
  failure: { message: string; fieldErrors?: Record<string, string> } | undefined;
  /** The fields this form shows errors beside; a message already shown on one is not repeated. */
  shownOnFields?: readonly string[];
}) {
  if (!failure) return null;
  const onField = shownOnFields.some((name) => failure.fieldErrors?.[name] === failure.message);
  if (onField) return null;
  return (
    <p role="alert" className="text-sm font-medium text-destructive">
      {failure.message}
    </p>
  );
}
