import { z } from "zod";
import { twoFactorCodeField } from "~/features/accounts";

export const loginSchema = z.object({
  username: z.string({ error: "Username is required" }).trim().min(1, "Username is required").max(100),
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(200),
});

export type LoginInput = z.infer<typeof loginSchema>;

/** The user as the browser sees it (GET /api/user, the answer of POST /api/login). */
export const publicUserSchema = z.object({ id: z.int(), username: z.string(), isAdmin: z.boolean() });
export type PublicUser = z.infer<typeof publicUserSchema>;

export const INVALID_CODE = "Invalid code";
export const PENDING_LOGIN_EXPIRED = "Your sign-in has expired. Please enter your username and password again.";

/** The second step of a sign-in with two-factor on: the pending sign-in's token and a code. */
export const verifyLoginSchema = z.object({
  pendingLogin: z.string({ error: PENDING_LOGIN_EXPIRED }).min(1, PENDING_LOGIN_EXPIRED).max(100),
  code: twoFactorCodeField,
});
export type VerifyLoginInput = z.input<typeof verifyLoginSchema>;

/** POST /api/login's answer when the password was right and the account asks for a code next. */
export const twoFactorChallengeSchema = z.object({
  twoFactorRequired: z.literal(true),
  /** Names this pending sign-in in POST /api/login/verify; it expires after a few minutes. */
  pendingLogin: z.string(),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;
