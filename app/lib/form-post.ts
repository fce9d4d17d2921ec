import type { z } from "zod";

/**
 * What a page's action answers to a form posted without JavaScript, for the form to show: the values as
 * typed (so nothing is lost), the schema's message per field, or the server's refusal (e.g. a rate limit).
 */
export interface FormPostResult {
  sent: boolean;
  values: Record<string, string>;
  fieldErrors: Record<string, string>;
  message: string | null;
}

/** The longest value shown back as typed: the longest any form's schema accepts (a contact message). */
const ECHO_MAX_LENGTH = 5000;

/**
 * Reads a posted form with the feature's schema, the one its API and its hydrated form use. Only the
 * schema's own fields are kept to show back, each cut to a length a form field can hold.
 */
export async function parseFormPost<S extends z.ZodObject>(request: Request, schema: S) {
  const fields = new Set(Object.keys(schema.shape));
  const values: Record<string, string> = {};
  for (const [name, value] of await request.formData()) {
    if (typeof value === "string" && fields.has(name)) values[name] = value.slice(0, ECHO_MAX_LENGTH);
  }
  const parsed = schema.safeParse(values);
  const fieldErrors: Record<string, string> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0] ?? "")] ??= issue.message;
  }
  return { values, data: parsed.success ? (parsed.data as z.output<S>) : undefined, fieldErrors };
}
