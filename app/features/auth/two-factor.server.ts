import { randomBytes } from "node:crypto";
import { generateSecret, generateURI, verify } from "otplib";
import type { SessionUser } from "~/context";
import type { Db } from "~/db/client.server";
import { endOtherSessions, hashToken, verifyPassword } from "./auth.server";
import { HttpError, conflict } from "~/lib/http-error";
import { attemptAllowed, clearEvents, type AttemptLimits } from "~/lib/rate-limit.server";
import {
  CURRENT_PASSWORD_MESSAGE,
  reauthenticationSchema,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from "~/features/accounts";
import { decryptSecret, encryptSecret, type SecretKeySource } from "~/lib/secret-box.server";

/*
 * Two-factor sign-in with time-based one-time codes (RFC 6238: SHA-1, 6 digits, 30 s, as every
 * authenticator app expects) and ten single-use recovery codes. The secret is stored encrypted and
 * shown only once, while setting up.
 */

const SECRET_PURPOSE = "totp-secret";
const RECOVERY_CODE_COUNT = 10;
/** One step either side of now, for a phone clock a little off and a code typed as it turns over. */
const CLOCK_TOLERANCE_SECONDS = 30;
const PASSWORD_CHECK_BUCKET = "password-check";
/** Failed code checks (sign-in and setup), counted like failed passwords. */
export const TWO_FACTOR_BUCKET = "two-factor-failure";

export const tooManyAttempts = (limits: AttemptLimits) =>
  new HttpError(429, `Too many failed attempts. Please wait ${limits.windowMinutes} minutes and try again.`);

/** The account was removed (by another admin) since this request's session was read. */
const signedOut = () => new HttpError(401, "Not authenticated");

/**
 * The signed-in admin proves it is them before a change to their own sign-in (new password, two-factor
 * off); failures are throttled per account like sign-ins, so a stolen session cannot guess the password.
 */
export async function checkOwnPassword(db: Db, userId: number, password: string, limits: AttemptLimits) {
  const subject = `user:${userId}`;
  if (!(await attemptAllowed(db, PASSWORD_CHECK_BUCKET, subject, limits))) throw tooManyAttempts(limits);
  const user = await db.selectFrom("users").select("password_hash").where("id", "=", userId).executeTakeFirst();
  if (!user) throw signedOut();
  if (!(await verifyPassword(password, user.password_hash))) return false;
  await clearEvents(db, PASSWORD_CHECK_BUCKET, subject);
  return true;
}

declare const identityConfirmed: unique symbol;

/** Proof, for the type checker, that the admin gave their password (and code) again in this request. */
export interface ConfirmedIdentity {
  readonly userId: number;
  readonly [identityConfirmed]: true;
}

/**
 * Re-authentication before a change to the admins or to the admin's own sign-in (ASVS 2.2.x / 3.3.x): a
 * stolen session alone must not add a back door or take the second factor away. The current password,
 * and a current code (or a recovery code) when two-factor sign-in is on, else 403 with what is missing;
 * wrong ones count towards the same per-account limits as sign-ins.
 */
/** The failed-attempt limits of a password or code given again: the sign-in's own. */
export const reauthenticationLimits = (limits: { loginMaxAttempts: number; loginWindowMinutes: number }) => ({
  maxAttempts: limits.loginMaxAttempts,
  windowMinutes: limits.loginWindowMinutes,
});

export async function confirmIdentity(
  db: Db,
  keys: SecretKeySource,
  userId: number,
  body: unknown,
  limits: AttemptLimits,
): Promise<ConfirmedIdentity> {
  const parsed = reauthenticationSchema.safeParse(body ?? {});
  if (!parsed.success) throw new HttpError(403, parsed.error.issues[0]?.message ?? CURRENT_PASSWORD_MESSAGE);
  const { currentPassword, code } = parsed.data;
  if (!(await checkOwnPassword(db, userId, currentPassword, limits))) {
    throw new HttpError(403, "Current password is incorrect");
  }
  const account = await db.selectFrom("users").select("two_factor_enabled").where("id", "=", userId).executeTakeFirst();
  if (!account) throw signedOut();
  if (account.two_factor_enabled === 1) {
    if (!code) throw new HttpError(403, "Enter the code from your authenticator app (or a recovery code) as well");
    const subject = `user:${userId}`;
    if (!(await attemptAllowed(db, TWO_FACTOR_BUCKET, subject, limits))) throw tooManyAttempts(limits);
    if (!(await verifySecondFactor(db, keys, userId, code))) {
      throw new HttpError(403, "That code is not right. Enter the 6-digit code your authenticator app shows now.");
    }
    await clearEvents(db, TWO_FACTOR_BUCKET, subject);
  }
  return { userId } as ConfirmedIdentity;
}

export async function twoFactorStatus(db: Db, userId: number): Promise<TwoFactorStatus> {
  const user = await db
    .selectFrom("users")
    .select("two_factor_enabled")
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  const { count } = await db
    .selectFrom("recovery_codes")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .executeTakeFirstOrThrow();
  return { enabled: user.two_factor_enabled === 1, recoveryCodesLeft: Number(count) };
}

export async function isTwoFactorEnabled(db: Db, userId: number) {
  return (await twoFactorStatus(db, userId)).enabled;
}

/** Makes a new secret (replacing one from an unfinished setup); it takes effect once a code confirms it. */
export async function startTwoFactorSetup(
  db: Db,
  keys: SecretKeySource,
  user: SessionUser,
  issuer: string,
): Promise<TwoFactorSetup> {
  if (await isTwoFactorEnabled(db, user.id)) {
    throw conflict("Two-factor sign-in is already on. Turn it off first to set it up again.");
  }
  const secret = generateSecret();
  await db
    .updateTable("users")
    .set({ two_factor_secret: encryptSecret(keys, SECRET_PURPOSE, secret), two_factor_last_step: null })
    .where("id", "=", user.id)
    .execute();
  const uri = generateURI({ issuer, label: user.username, secret });
  // Loaded on first use: the QR encoder costs the idle server about 10 MB.
  const { default: QRCode } = await import("qrcode");
  return { secret, uri, qrCode: await QRCode.toDataURL(uri, { margin: 1, width: 240 }) };
}

/** The TOTP time step the code belongs to, or null when it is wrong or was already used. */
async function acceptedTimeStep(keys: SecretKeySource, sealed: string | null, lastStep: number | null, code: string) {
  const secret = sealed && decryptSecret(keys, SECRET_PURPOSE, sealed);
  if (!secret || !/^\d{6}$/.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epochTolerance: CLOCK_TOLERANCE_SECONDS,
    ...(lastStep === null ? {} : { afterTimeStep: lastStep }),
  });
  return result.valid && "timeStep" in result ? result.timeStep : null;
}

/** Records the time step as used; false when another request used it (or a later one) first. */
async function claimTimeStep(db: Db, userId: number, step: number) {
  const claimed = await db
    .updateTable("users")
    .set({ two_factor_last_step: step })
    .where("id", "=", userId)
    .where((eb) => eb.or([eb("two_factor_last_step", "is", null), eb("two_factor_last_step", "<", step)]))
    .executeTakeFirst();
  return claimed.numUpdatedRows > 0n;
}

const newRecoveryCode = () => {
  const text = randomBytes(8).toString("hex").slice(0, 10);
  return `${text.slice(0, 5)}-${text.slice(5)}`;
};

/** The form a recovery code is compared in: what `twoFactorCodeField` leaves of it. */
const normaliseCode = (code: string) => code.replace(/[\s-]/g, "").toLowerCase();

/**
 * Turns two-factor on once a code from the app proves the secret was saved; answers the recovery codes,
 * once. Every other session of the account ends: one opened with the password alone must not outlive it.
 */
export async function confirmTwoFactorSetup(
  db: Db,
  keys: SecretKeySource,
  userId: number,
  code: string,
  limits: AttemptLimits,
  currentSessionToken: string | undefined,
) {
  const subject = `user:${userId}`;
  if (!(await attemptAllowed(db, TWO_FACTOR_BUCKET, subject, limits))) throw tooManyAttempts(limits);
  const user = await db
    .selectFrom("users")
    .select(["two_factor_secret", "two_factor_enabled", "two_factor_last_step"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  if (user.two_factor_enabled === 1) throw conflict("Two-factor sign-in is already on.");
  if (!user.two_factor_secret) throw conflict("Start the two-factor setup first.");
  const step = await acceptedTimeStep(keys, user.two_factor_secret, user.two_factor_last_step, code);
  if (step === null) {
    throw new HttpError(400, "That code is not right. Enter the 6-digit code your authenticator app shows now.");
  }
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("users")
      .set({ two_factor_enabled: 1, two_factor_last_step: step })
      .where("id", "=", userId)
      .execute();
    await trx.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
    await trx
      .insertInto("recovery_codes")
      .values(recoveryCodes.map((recovery) => ({ user_id: userId, code_hash: hashToken(normaliseCode(recovery)) })))
      .execute();
    await endOtherSessions(trx, userId, currentSessionToken);
  });
  await clearEvents(db, TWO_FACTOR_BUCKET, subject);
  return recoveryCodes;
}

export async function disableTwoFactor(db: Db, { userId }: ConfirmedIdentity) {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("users")
      .set({ two_factor_enabled: 0, two_factor_secret: null, two_factor_last_step: null })
      .where("id", "=", userId)
      .execute();
    await trx.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
  });
}

/**
 * Whether the code is a valid second factor for the user: a current TOTP code not used before, or an
 * unused recovery code, which this uses up. Each is claimed with a conditional update, so two
 * requests racing with one code cannot both pass.
 */
export async function verifySecondFactor(db: Db, keys: SecretKeySource, userId: number, code: string) {
  const user = await db
    .selectFrom("users")
    .select(["two_factor_secret", "two_factor_enabled", "two_factor_last_step"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  if (user.two_factor_enabled !== 1) return false;
  const step = await acceptedTimeStep(keys, user.two_factor_secret, user.two_factor_last_step, code);
  if (step !== null) return claimTimeStep(db, userId, step);
  const used = await db
    .updateTable("recovery_codes")
    .set({ used_at: new Date().toISOString() })
    .where("user_id", "=", userId)
    .where("code_hash", "=", hashToken(normaliseCode(code)))
    .where("used_at", "is", null)
    .executeTakeFirst();
  return used.numUpdatedRows > 0n;
}
