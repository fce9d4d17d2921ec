import { data } from "react-router";
import { ZodError } from "zod";
import { HttpError } from "./http-error";

/** What a form's route action answers when it refuses: the page shows these without JavaScript. */
export interface FormFailure {
  message: string;
  fieldErrors: Record<string, string>;
  /** The feature's further facts about the refusal (HttpError details), e.g. the bookings in the way. */
  details: Record<string, unknown>;
}

function failureOf(error: unknown): { status: number; failure: FormFailure } {
  if (error instanceof ZodError) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of error.issues) fieldErrors[issue.path.join(".")] ??= issue.message;
    return {
      status: 400,
      failure: { message: error.issues[0]?.message ?? "Invalid input", fieldErrors, details: {} },
    };
  }
  // Anything else is a bug: it goes on to the error boundary.
  if (!(error instanceof HttpError)) throw error;
  return { status: error.status, failure: { message: error.message, fieldErrors: {}, details: error.details } };
}

/**
 * The answer a route action gives its form when the feature refuses, with the status the API gives for
 * the same refusal: 400 and the schema's messages per field, or the feature's own status and message.
 */
export function formFailure<T extends object>(error: unknown, extra: T) {
  const { status, failure } = failureOf(error);
  return data({ ...extra, ...failure }, { status });
}
