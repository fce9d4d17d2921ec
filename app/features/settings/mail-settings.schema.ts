import { z } from "zod";
import { numberField } from "~/lib/schema-fields";

/*
 * The shop's outgoing mail server, set on the settings screen (SMTP_URL in the environment wins). The
 * password is write-only: answers say whether one is stored, never what it is.
 */

// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;
const SENDER = /^(?:[^<>@]*<[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+)$/;

export const mailSettingsSchema = z.object({
  /** Empty turns sending off (unless SMTP_URL is set). */
  host: z
    .string({ error: "Server must be text" })
    .trim()
    .max(253, "Server must be at most 253 characters")
    .regex(/^[A-Za-z0-9.-]*$/, "Server must be a host name or address, e.g. smtp.example.com")
    .default(""),
  port: numberField("Port is required").pipe(
    z
      .number()
      .int("Port must be a whole number")
      .min(1, "Port must be between 1 and 65535")
      .max(65_535, "Port must be between 1 and 65535"),
  ),
  user: z
    .string({ error: "Username must be text" })
    .trim()
    .max(200, "Username must be at most 200 characters")
    .refine((value) => !CONTROL.test(value), "Username must not contain control characters")
    .default(""),
  /** Left empty, the stored password stays. */
  password: z
    .string({ error: "Password must be text" })
    .max(500, "Password must be at most 500 characters")
    .refine((value) => !CONTROL.test(value), "Password must not contain control characters")
    .default(""),
  /** Removes the stored password (a server that takes no login). */
  clearPassword: z.boolean({ error: "Clear password must be true or false" }).default(false),
  from: z
    .string({ error: "Sender must be text" })
    .trim()
    .max(200, "Sender must be at most 200 characters")
    .refine(
      (value) => value === "" || (!CONTROL.test(value) && SENDER.test(value)),
      "Sender must be an address, e.g. Oldham Barbers <bookings@example.com>",
    )
    .default(""),
});

export type MailSettingsInput = z.input<typeof mailSettingsSchema>;
export type MailSettingsValues = z.output<typeof mailSettingsSchema>;

/** What the settings screen and GET /api/settings/mail show. */
export const mailSettingsViewSchema = z.object({
  host: z.string(),
  port: z.int(),
  user: z.string(),
  from: z.string(),
  /** Whether a password is stored (it is never shown back). */
  passwordSet: z.boolean(),
  /** SMTP_URL is set in the environment, so it is used instead of these. */
  fromEnvironment: z.boolean(),
});
export type MailSettingsView = z.infer<typeof mailSettingsViewSchema>;

export const DEFAULT_SMTP_PORT = 587;
