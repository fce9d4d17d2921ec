import { z } from "zod";

/*
 * Field builders shared by every form schema: browsers send number inputs as
 * numbers (NaN when empty), other clients may send numeric strings; both must
 * meet the spec's message rather than a generic type error.
 */

const blankToUndefined = (value: unknown) => {
  if (value === "" || value === null || (typeof value === "number" && Number.isNaN(value))) return undefined;
  if (typeof value === "string" && value.trim() !== "" && !Number.isNaN(Number(value))) return Number(value);
  return value;
};

export const numberField = (message: string) =>
  z.preprocess(blankToUndefined, z.number({ error: message }).finite(message));

export const optionalNumberField = (message: string) =>
  z.preprocess(blankToUndefined, z.number({ error: message }).finite(message).optional());

/** Control characters (line breaks and tabs among them) and Unicode's line and paragraph separators. */
const CONTROL_CHARACTER = /[\p{Cc}\u2028\u2029]/u;
/** The same less line breaks and tabs, which are a multi-line field's own. */
const CONTROL_CHARACTER_BUT_LINE_BREAKS = /(?![\t\n\r])[\p{Cc}\u2028\u2029]/u;

export const ONE_LINE_MESSAGE = "Must be a single line, without line breaks or control characters";
export const MULTI_LINE_MESSAGE = "Must not contain control characters";

/**
 * A field shown on one line (a name, a phone, a title): it refuses control characters, since a line
 * break in it could forge a line of a mail ("Bcc: …") or of a log.
 */
export const oneLine = <T extends z.ZodType<string | null | undefined>>(schema: T, message = ONE_LINE_MESSAGE) =>
  schema.refine((value) => !value || !CONTROL_CHARACTER.test(value), message);

/** A field of several lines (notes, messages): it keeps line breaks and tabs, and refuses other control characters. */
export const multiLine = <T extends z.ZodType<string | null | undefined>>(schema: T, message = MULTI_LINE_MESSAGE) =>
  schema.refine((value) => !value || !CONTROL_CHARACTER_BUT_LINE_BREAKS.test(value), message);

const requiredString = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);

const optionalString = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((value) => value || null);

export const requiredText = (message: string, max = 200) => oneLine(requiredString(message, max));

export const requiredMultilineText = (message: string, max: number) => multiLine(requiredString(message, max));

export const optionalText = (max = 200) => oneLine(optionalString(max));

export const optionalMultilineText = (max: number) => multiLine(optionalString(max));

/** Money in pounds with at most two decimals, as the forms show it. */
export const poundsField = (message: string) =>
  numberField(message)
    .pipe(z.number().min(0, message).max(100_000, "Price must be at most £100,000"))
    .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, "Price can have at most 2 decimals");

const IMAGE_URL_MESSAGE = "Image must be an uploaded image (/uploads/…) or a web address (https://…)";

/** Images are shown in `<img src>`: only site paths and http(s) addresses, never `javascript:` or `data:`. */
function isImageUrl(value: string) {
  if (value.startsWith("/")) return !value.startsWith("//");
  try {
    const { protocol } = new URL(value);
    return protocol === "https:" || protocol === "http:";
  } catch {
    return false;
  }
}

export const imageUrlField = (requiredMessage: string) =>
  requiredText(requiredMessage, 2000).refine(isImageUrl, IMAGE_URL_MESSAGE);

export const optionalImageUrlField = () =>
  optionalText(2000).refine((value) => value === null || isImageUrl(value), IMAGE_URL_MESSAGE);

/** A row id written as text ("42"), or null when it cannot be one: PostgreSQL's integer ids stop at 2^31 − 1. */
export function parseRowId(text: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= 2_147_483_647 ? id : null;
}
