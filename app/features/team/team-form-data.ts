import type { DateRange } from "~/features/settings";
import { nestedFormValues } from "~/lib/form-post";
import { TEAM_FORM_WEEK, type HoursText } from "./team.schema";

/** What the member form holds, as it shows it: the hours as one line of text per weekday. */
export interface TeamMemberFormValues {
  name: string;
  bio: string;
  image: string | null;
  active: boolean;
  serviceIds: string[];
  hours: HoursText;
  timeOff: DateRange[];
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

/**
 * The member form posted without JavaScript, read back into the form's values: a checkbox left unticked is
 * absent, and a time-off row left blank (the spare one) or ticked "Remove" is no time off.
 */
export function teamMemberFormValues(form: FormData): TeamMemberFormValues {
  const { hours, timeOff } = nestedFormValues(form) as { hours?: unknown; timeOff?: unknown };
  const rows = Array.isArray(timeOff)
    ? timeOff.filter((row): row is Record<string, unknown> => typeof row === "object" && row !== null)
    : [];
  return {
    name: text(form.get("name")),
    bio: text(form.get("bio")),
    image: text(form.get("image")) || null,
    active: form.has("active"),
    serviceIds: form.getAll("serviceIds").map(text),
    hours: Object.fromEntries(TEAM_FORM_WEEK.map((day) => [day, text(Array.isArray(hours) ? hours[day] : undefined)])),
    timeOff: rows
      .filter((row) => !row.remove && (text(row.from).trim() || text(row.to).trim()))
      .map((row) => ({ from: text(row.from), to: text(row.to), note: text(row.note) })),
  };
}
