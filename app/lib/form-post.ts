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

type Nested = { [key: string]: Nested | string };

/**
 * A posted form whose field names are paths, as react-hook-form names them ("address.street",
 * "closures.0.from"), read back into the object the JSON API takes: a number segment makes a list
 * (each entry at its index; a gap stays undefined). Only text fields; a field named twice keeps the first value.
 */
export function nestedFormValues(form: FormData): Record<string, unknown> {
  // Prototype-free nodes: a field named "__proto__.x" is then only a key, never Object.prototype.
  const root: Nested = Object.create(null) as Nested;
  for (const [name, value] of form) {
    if (typeof value !== "string") continue;
    const path = name.split(".");
    let node = root;
    for (const [index, key] of path.entries()) {
      if (index === path.length - 1) {
        node[key] ??= value;
      } else {
        const next = node[key];
        node = typeof next === "object" ? next : (node[key] = Object.create(null) as Nested);
      }
    }
  }
  return toLists(root) as Record<string, unknown>;
}

function toLists(node: Nested | string): unknown {
  if (typeof node === "string") return node;
  const keys = Object.keys(node);
  if (keys.length > 0 && keys.every((key) => /^\d{1,3}$/.test(key))) {
    const list: unknown[] = [];
    for (const key of keys) list[Number(key)] = toLists(node[key]!);
    return Array.from(list);
  }
  return Object.fromEntries(keys.map((key) => [key, toLists(node[key]!)]));
}
