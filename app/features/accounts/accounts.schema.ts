import { z } from "zod";
import { oneLine } from "~/lib/schema-fields";

const newPassword = z
  .string({ error: "Password must be at least 8 characters" })
  .min(8, "Password must be at least 8 characters")
  .max(200, "Password must be at most 200 characters");

export const newAccountSchema = z.object({
  username: oneLine(
    z
      .string({ error: "Username is required" })
      .trim()
      .min(1, "Username is required")
      .max(100, "Username must be at most 100 characters"),
    "Username must be a single line, without line breaks or control characters",
  ),
  password: newPassword,
});
export type NewAccountInput = z.infer<typeof newAccountSchema>;

/** A six-digit code from the authenticator app, or a recovery code; spaces and dashes are ignored. */
export const twoFactorCodeField = z
  .string({ error: "Code is required" })
  .max(40, "That is not a valid code")
  .transform((value) => value.replace(/[\s-]/g, "").toLowerCase())
  .pipe(z.string().min(1, "Code is required"));

export const twoFactorCodeSchema = z.object({ code: twoFactorCodeField });
export type TwoFactorCodeInput = z.input<typeof twoFactorCodeSchema>;

export const CURRENT_PASSWORD_MESSAGE = "Current password is required";

/**
 * What an admin gives again before a change to the admins or to their own sign-in: their password and,
 * when two-factor sign-in is on for them, a current code (a form without the code field sends "").
 */
export const reauthenticationFields = {
  currentPassword: z.string({ error: CURRENT_PASSWORD_MESSAGE }).min(1, CURRENT_PASSWORD_MESSAGE).max(200),
  code: z.preprocess((value) => (value === "" || value === null ? undefined : value), twoFactorCodeField.optional()),
};
export const reauthenticationSchema = z.object(reauthenticationFields);
export type ReauthenticationInput = z.input<typeof reauthenticationSchema>;

/** The body of adding an admin: the new account, and the proof of the admin adding it. */
export const addAdminSchema = newAccountSchema.extend(reauthenticationFields);
export type AddAdminInput = z.input<typeof addAdminSchema>;

export const changePasswordSchema = z.object({ ...reauthenticationFields, newPassword });
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** An admin as GET /api/accounts lists them. */
export const adminAccountSchema = z.object({
  id: z.int(),
  username: z.string(),
  twoFactorEnabled: z.boolean(),
  createdAt: z.string(),
});
export type AdminAccount = z.infer<typeof adminAccountSchema>;

export const twoFactorStatusSchema = z.object({ enabled: z.boolean(), recoveryCodesLeft: z.int() });
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** The answer of starting two-factor setup: shown once, to the admin setting it up. */
export const twoFactorSetupSchema = z.object({
  secret: z.string(),
  uri: z.string(),
  /** The otpauth URI as a PNG data URL, to scan. */
  qrCode: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

/** The single-use recovery codes, shown once when two-factor sign-in is turned on. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
