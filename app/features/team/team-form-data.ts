import type { DateRange } from "~/features/settings";
import { nestedFormValues } from "~/lib/form-post";
import { TEAM_FORM_WEEK, type HoursText } from "./team.schema";
import type { Pay } from "./pay.schema";

/** The pay fields as typed (decision 054); only those of the chosen kind are sent. */
export interface PayFormValues {
  kind: string;
  servicePercent: string;
  productPercent: string;
  amount: string;
  period: string;
}

export const payFormValues = (pay: Pay | undefined): PayFormValues => ({
  kind: pay?.kind ?? "none",
  servicePercent: pay?.kind === "commission" ? String(pay.servicePercent) : "",
  productPercent: pay?.kind === "commission" ? String(pay.productPercent) : "",
  amount: pay?.kind === "chairRent" ? pay.amount.toFixed(2) : "",
  period: pay?.kind === "chairRent" ? pay.period : "week",
});

/** The typed pay as the API takes it (the schema reads the numbers and says what is wrong). */
export function payInput(values: PayFormValues) {
  if (values.kind === "commission") {
    return { kind: values.kind, servicePercent: values.servicePercent, productPercent: values.productPercent };
  }
  if (values.kind === "chairRent") return { kind: values.kind, amount: values.amount, period: values.period };
  return { kind: values.kind };
}

/** What the member form holds, as it shows it: the hours as one line of text per weekday. */
export interface TeamMemberFormValues {
  name: string;
  bio: string;
  image: string | null;
  active: boolean;
  serviceIds: string[];
  hours: HoursText;
  timeOff: DateRange[];
  pay: PayFormValues;
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

/**
 * The member form posted without JavaScript, read back into the form's values: a checkbox left unticked is
 * absent, and a time-off row left blank (the spare one) or ticked "Remove" is no time off.
 */
export function teamMemberFormValues(form: FormData): TeamMemberFormValues {
  const { hours, timeOff, pay } = nestedFormValues(form) as { hours?: unknown; timeOff?: unknown; pay?: unknown };
  const payField = (key: keyof PayFormValues) => text((pay as Record<string, unknown> | undefined)?.[key]);
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
    pay: {
      kind: payField("kind") || "none",
      servicePercent: payField("servicePercent"),
      productPercent: payField("productPercent"),
      amount: payField("amount"),
      period: payField("period") || "week",
    },
  };
}
