import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiError } from "./api-client";

/**
 * Awaits an admin call and, when the server refuses the input, puts its messages
 * on the form's fields as well (the destructive toast still follows from the
 * rethrow). `conflictField` names the field a 409 is about, e.g. a service's order.
 */
export async function withFieldErrors<T, F extends FieldValues>(
  call: Promise<T>,
  setError: UseFormSetError<F>,
  options: { fields: readonly Path<F>[]; conflictField?: Path<F> },
): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiError) {
      for (const issue of error.issues) {
        const field = options.fields.find((name) => name === issue.path);
        if (field) setError(field, { type: "server", message: issue.message });
      }
      if (error.status === 409 && options.conflictField) {
        setError(options.conflictField, { type: "server", message: error.message }, { shouldFocus: true });
      }
    }
    throw error;
  }
}
