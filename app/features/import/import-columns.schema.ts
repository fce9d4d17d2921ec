import { z } from "zod";

/*
 * What the clients' and the appointments' imports share about a file's columns: the fields that describe a
 * person, the headers the usual exports give them, how a header is read, and the owner's `mapping` field.
 */

/** The fields of a person: the client of a client list, the customer of an appointment. */
export const PERSON_FIELDS = ["name", "firstName", "lastName", "email", "phone", "notes"] as const;
type PersonField = (typeof PERSON_FIELDS)[number];

export const PERSON_FIELD_LABELS: Record<PersonField | "ignore", string> = {
  name: "Full name",
  firstName: "First name",
  lastName: "Last name",
  email: "E-mail",
  phone: "Phone",
  notes: "Notes",
  ignore: "Leave out",
};

/**
 * A person's headers as Fresha's, Booksy's and Square's exports and spreadsheets write them, compared without
 * case, spaces or punctuation (`headerKey`).
 */
export const PERSON_HEADERS: Record<string, PersonField> = {
  name: "name",
  fullname: "name",
  clientname: "name",
  customername: "name",
  client: "name",
  customer: "name",
  firstname: "firstName",
  forename: "firstName",
  givenname: "firstName",
  clientfirstname: "firstName",
  lastname: "lastName",
  surname: "lastName",
  familyname: "lastName",
  clientlastname: "lastName",
  email: "email",
  emailaddress: "email",
  clientemail: "email",
  customeremail: "email",
  mobile: "phone",
  mobilenumber: "phone",
  mobilephone: "phone",
  phone: "phone",
  phonenumber: "phone",
  telephone: "phone",
  telephonenumber: "phone",
  tel: "phone",
  clientphone: "phone",
  clientmobile: "phone",
  customerphone: "phone",
  notes: "notes",
  note: "notes",
  memo: "notes",
  comments: "notes",
};

const headerKey = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, "");

/** What a column is read as by its header alone: its field in `known`, else left out. */
export const fieldByHeader =
  <Field extends string>(known: Record<string, Field>) =>
  (header: string): Field | "ignore" =>
    known[headerKey(header)] ?? "ignore";

/** The owner's column mapping: an object of column headers to `fields`. */
export const mappingOf = <const Fields extends readonly [string, ...string[]]>(fields: Fields, example: string) =>
  z.record(z.string(), z.enum(fields, { error: `Each column must map to one of: ${fields.join(", ")}` }), {
    error: `The mapping must be a JSON object like ${example}`,
  });

/** The `mapping` field: JSON text of the columns the owner changed; absent or empty keeps the detected ones. */
export const mappingFieldOf = <Field extends string>(mapping: z.ZodType<Record<string, Field>>) =>
  z
    .string()
    .optional()
    .transform((text, ctx): Record<string, Field> => {
      if (!text?.trim()) return {};
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        // Not JSON: the mapping's own refusal says what is expected.
      }
      const parsed = mapping.safeParse(json);
      if (parsed.success) return parsed.data;
      ctx.addIssue({ code: "custom", message: parsed.error.issues[0]!.message });
      return z.NEVER;
    });
