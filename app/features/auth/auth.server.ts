import { createHash, randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
import type { SessionUser } from "~/context";
import type { Db } from "~/db/client.server";
import { HttpError } from "~/lib/http-error";
import {
  attemptLimit,
  clearEvents,
  forgetEvents,
  recordWithinLimits,
  type AttemptLimits,
} from "~/lib/rate-limit.server";
import type { LoginInput } from "./auth.schema";
import { TRUSTED_DEVICE, auditLockOuts, auditSignIn } from "./sign-in-audit.server";

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: object,
) => Promise<Buffer>;
// One of OWASP's equivalent scrypt settings; 32 MiB per hash keeps a burst of logins from exhausting a small server.
const SCRYPT = { N: 2 ** 15, r: 8, p: 3, maxmem: 64 * 1024 * 1024 };
const KEY_LENGTH = 64;

export type ScryptCost = Pick<typeof SCRYPT, "N" | "r" | "p">;

/**
 * Every hash the site makes uses the production cost. Only the test fixtures pass a lower one for the accounts
 * they store directly (tests/support/test-app.ts): a hash carries its own cost, so signing in to those accounts
 * runs the same verification as any other.
 */
export async function hashPassword(password: string, cost: ScryptCost = SCRYPT) {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, KEY_LENGTH, { ...cost, maxmem: SCRYPT.maxmem });
  return `scrypt$${cost.N}$${cost.r}$${cost.p}$${salt.toString("base64")}$${key.toString("base64")}`;
}

export async function verifyPassword(password: string, stored: string) {
  const [scheme, n, r, p, salt, key] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !key) return false;
  const expected = Buffer.from(key, "base64");
  const actual = await scryptAsync(password, Buffer.from(salt, "base64"), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: SCRYPT.maxmem,
  });
  return timingSafeEqual(actual, expected);
}

/** Tokens (sessions, pending sign-ins) are stored as their SHA-256, so a leaked table cannot be replayed. */
export const hashToken = (value: string) => createHash("sha256").update(value).digest("hex");

export const generatePassword = () => randomBytes(12).toString("base64url");

/**
 * Creates the admin account when none exists. Returns the generated password
 * when the environment gave none, so the caller can print it once.
 */
export async function ensureAdminAccount(db: Db, username: string, password: string | undefined) {
  const existing = await db.selectFrom("users").select("id").where("is_admin", "=", 1).executeTakeFirst();
  if (existing) return { created: false as const };
  const chosen = password ?? generatePassword();
  await db
    .insertInto("users")
    .values({ username, password_hash: await hashPassword(chosen), is_admin: 1, created_at: new Date().toISOString() })
    .execute();
  return { created: true as const, generatedPassword: password ? undefined : chosen };
}

/**
 * Sets a new password for the user (created as admin when missing), signs out all its sessions and turns
 * its two-factor sign-in off: the operator's way back in for an admin who lost both password and phone.
 */
/** Sets the password (and admin rights) of an account, creating it if needed; says whether two-factor sign-in was turned off. */
export async function resetPassword(db: Db, username: string, password: string) {
  const hash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom("users")
      .select(["id", "two_factor_enabled"])
      .where("username", "=", username)
      .executeTakeFirst();
    if (user) {
      await trx
        .updateTable("users")
        .set({
          password_hash: hash,
          is_admin: 1,
          two_factor_enabled: 0,
          two_factor_secret: null,
          two_factor_last_step: null,
        })
        .where("id", "=", user.id)
        .execute();
      await trx.deleteFrom("sessions").where("user_id", "=", user.id).execute();
      await trx.deleteFrom("recovery_codes").where("user_id", "=", user.id).execute();
      return { twoFactorTurnedOff: user.two_factor_enabled === 1 };
    }
    await trx
      .insertInto("users")
      .values({ username, password_hash: hash, is_admin: 1, created_at: new Date().toISOString() })
      .execute();
    return { twoFactorTurnedOff: false };
  });
}

const LOGIN_BUCKET = "login-failure";
const ACCOUNT_LOGIN_BUCKET = "login-failure-account";
export const DEVICE_LOGIN_BUCKET = "login-failure-device";

export interface LoginLimits extends AttemptLimits {
  /** Failures allowed per account in the window, from all addresses together. */
  maxAttemptsPerAccount: number;
}

/**
 * Checks the credentials, throttling by client address and by account: after `maxAttempts` failures
 * from one address, or `maxAttemptsPerAccount` at one account from anywhere, in the window, every
 * attempt is refused with 429 until it passes. Each attempt is counted before the slow password check
 * (so a burst cannot pass together) and forgotten on success; a refused one is not counted, so a steady
 * trickle cannot keep a lock on for good. Unknown account names are counted alike, so the answers do not
 * tell which accounts exist. From a browser with the account's device cookie (`trustedDevice`, its nonce),
 * failures count against that cookie alone, `maxAttempts` in the window: neither strangers' failures nor
 * its address's lock it out (device-cookie.server.ts).
 */
export async function login(
  db: Db,
  input: LoginInput,
  clientKey: string,
  limits: LoginLimits,
  trustedDevice?: string,
): Promise<SessionUser> {
  const counted = trustedDevice
    ? [attemptLimit(DEVICE_LOGIN_BUCKET, `device:${trustedDevice}`, limits)]
    : [
        attemptLimit(LOGIN_BUCKET, clientKey, limits),
        attemptLimit(ACCOUNT_LOGIN_BUCKET, `account:${input.username}`, {
          maxAttempts: limits.maxAttemptsPerAccount,
          windowMinutes: limits.windowMinutes,
        }),
      ];
  const check = await recordWithinLimits(db, counted);
  if (!check.allowed) {
    throw new HttpError(
      429,
      `Too many failed sign-in attempts. Please wait ${limits.windowMinutes} minutes and try again.`,
    );
  }
  const user = await db
    .selectFrom("users")
    .select(["id", "username", "password_hash", "is_admin"])
    .where("username", "=", input.username)
    .executeTakeFirst();
  // Verify against a dummy hash for unknown users so timing does not reveal which usernames exist.
  const valid = await verifyPassword(input.password, user?.password_hash ?? (await dummyHash()));
  if (!user || !valid) {
    await auditSignIn(db, user, clientKey, "sign-in failed", trustedDevice ? TRUSTED_DEVICE : null);
    await auditLockOuts(db, counted, check.counts, user, clientKey);
    throw new HttpError(401, "Invalid username or password");
  }
  if (trustedDevice) await clearEvents(db, DEVICE_LOGIN_BUCKET, `device:${trustedDevice}`);
  else await clearEvents(db, LOGIN_BUCKET, clientKey);
  await forgetEvents(db, check.eventIds);
  return { id: user.id, username: user.username, isAdmin: user.is_admin === 1 };
}

let dummy: Promise<string> | undefined;
const dummyHash = () => (dummy ??= hashPassword(randomBytes(16).toString("hex")));

export async function createSession(db: Db, userId: number, days: number) {
  const token = randomBytes(32).toString("base64url");
  const now = new Date();
  const expiresAt = new Date(now.getTime() + days * 24 * 60 * 60 * 1000);
  await db
    .insertInto("sessions")
    .values({
      id: hashToken(token),
      user_id: userId,
      expires_at: expiresAt.toISOString(),
      created_at: now.toISOString(),
    })
    .execute();
  return { token, expiresAt };
}

export async function getSessionUser(db: Db, token: string | undefined): Promise<SessionUser | null> {
  if (!token) return null;
  const row = await db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select(["users.id", "users.username", "users.is_admin"])
    .where("sessions.id", "=", hashToken(token))
    .where("sessions.expires_at", ">", new Date().toISOString())
    .executeTakeFirst();
  return row ? { id: row.id, username: row.username, isAdmin: row.is_admin === 1 } : null;
}

export async function deleteSession(db: Db, token: string | undefined) {
  if (!token) return;
  await db.deleteFrom("sessions").where("id", "=", hashToken(token)).execute();
}

/**
 * Ends every session of the account but the one making the change (and its unfinished two-factor
 * sign-ins), after a change to how it signs in.
 */
export async function endOtherSessions(db: Db, userId: number, currentSessionToken: string | undefined) {
  let others = db.deleteFrom("sessions").where("user_id", "=", userId);
  if (currentSessionToken) others = others.where("id", "!=", hashToken(currentSessionToken));
  await others.execute();
  await db.deleteFrom("pending_logins").where("user_id", "=", userId).execute();
}

/** Drops expired sessions and the pending two-factor sign-ins nobody finished. */
export async function pruneExpiredSessions(db: Db) {
  const now = new Date().toISOString();
  await db.deleteFrom("sessions").where("expires_at", "<=", now).execute();
  await db.deleteFrom("pending_logins").where("expires_at", "<=", now).execute();
}
