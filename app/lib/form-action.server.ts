import { data, redirect } from "react-router";
import { ZodError } from "zod";
import { HttpError, notFound } from "./http-error";
import { parseRowId } from "./schema-fields";

/** What a form's route action answers when it refuses: the page shows these without JavaScript. */
export interface FormFailure {
  message: string;
  fieldErrors: Record<string, string>;
  /** The feature's further facts about the refusal (HttpError details), e.g. the bookings in the way. */
  details: Record<string, unknown>;
}

function failureOf(error: unknown, conflictField?: string): { status: number; failure: FormFailure } {
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
  const field = error.field ?? (error.status === 409 ? conflictField : undefined);
  const fieldErrors: Record<string, string> = field ? { [field]: error.message } : {};
  return { status: error.status, failure: { message: error.message, fieldErrors, details: error.details } };
}

/**
 * The answer a route action gives its form when the feature refuses, with the status the API gives for
 * the same refusal: 400 and the schema's messages per field, or the feature's own status and message.
 */
export function formFailure<T extends object>(error: unknown, extra: T, conflictField?: string) {
  const { status, failure } = failureOf(error, conflictField);
  return data({ ...extra, ...failure }, { status });
}

/** A posted form's text fields by name; a file field is left to the action that takes it. */
export function formTextValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string") values[name] ??= value;
  return values;
}

/**
 * What a management page's loader reads from its address: the item whose form is open on the page
 * (`?edit=new`, `?edit=<id>`: the Add and Edit links' targets without JavaScript) and the notice of the
 * last save (`?saved=created`), each only when it names something real.
 */
export function managementState<T extends { id: number }, K extends string>(
  request: Request,
  items: readonly T[],
  notices: Record<K, string>,
) {
  const search = new URL(request.url).searchParams;
  const edit = search.get("edit");
  const editing: T | "new" | null = edit === "new" ? "new" : (items.find((item) => String(item.id) === edit) ?? null);
  const saved = search.get("saved");
  const notice = saved !== null && Object.hasOwn(notices, saved) ? notices[saved as K] : null;
  return { editing, notice };
}

interface ResourceFormHandlers<I> {
  /** The page the form is on, answered with `?saved=created|updated|deleted`. */
  page: string;
  schema: { parse: (values: unknown) => I };
  create: (input: I) => Promise<unknown>;
  update: (id: number, input: I) => Promise<unknown>;
  remove: (id: number) => Promise<unknown>;
  /** Runs before the schema, e.g. storing an uploaded image and putting its address in `values`. */
  prepare?: () => Promise<void>;
  /** The field a save's 409 belongs to (a taken order number), shown under it as the API's client does. */
  conflictField?: string;
}

/**
 * A management page's add / edit form and its bin (`intent=delete`) posted without JavaScript: the same
 * schema and feature functions as the resource's API, then back to the page (303) saying what happened,
 * or the refusal with the values as typed.
 */
export async function resourceFormAction<I>(values: Record<string, string>, form: ResourceFormHandlers<I>) {
  const id = parseRowId(values.id ?? "");
  try {
    if (values.intent === "delete") {
      // As the API answers DELETE with an id that names no row; never read as a save.
      if (id === null) throw notFound("Item");
      await form.remove(id);
      return redirect(`${form.page}?saved=deleted`, 303);
    }
    await form.prepare?.();
    const input = form.schema.parse(values);
    if (id === null) await form.create(input);
    else await form.update(id, input);
  } catch (error) {
    return formFailure(error, { values, id }, values.intent === "delete" ? undefined : form.conflictField);
  }
  return redirect(`${form.page}?saved=${id === null ? "created" : "updated"}`, 303);
}
