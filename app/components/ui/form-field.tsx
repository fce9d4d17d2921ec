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
