import { nestedFormValues } from "~/lib/form-post";

/*
 * The settings form posted without JavaScript, read into the body PUT /api/settings takes. The form names
 * its fields as the API's paths; what a browser form cannot say is settled here: an unticked checkbox is
 * absent, a time range or closure left blank (the page's spare rows, or one cleared to remove it) is no
 * range, and every weekday is present so the page can show the values again as the owner typed them.
 */

type Row = Record<string, unknown>;

const rows = (value: unknown): Row[] =>
  Array.isArray(value) ? value.filter((entry): entry is Row => typeof entry === "object" && entry !== null) : [];

const isBlank = (row: Row, fields: readonly string[]) =>
  fields.every((field) => typeof row[field] !== "string" || row[field].trim() === "");

export function settingsFromForm(form: FormData) {
  const { openingHours, closures, feeIncludedInPrices: _ticked, queue, ...fields } = nestedFormValues(form);
  const days: unknown[] = Array.isArray(openingHours) ? openingHours : [];
  return {
    ...fields,
    feeIncludedInPrices: form.has("feeIncludedInPrices"),
    queue: { ...(queue as Row | undefined), enabled: form.has("queue.enabled") },
    openingHours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({
      day,
      ranges: rows((days[day] as Row | undefined)?.ranges).filter((range) => !isBlank(range, ["start", "end"])),
    })),
    closures: rows(closures).filter((range) => !range.remove && !isBlank(range, ["from", "to"])),
  };
}
