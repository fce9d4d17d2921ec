import { randomBytes } from "node:crypto";
import { serialize } from "cookie";
import { SESSION_COOKIE, sessionTokenOf } from "~/lib/session-cookie";
import type { AppContext, SessionUser } from "~/context";
import { TWO_FACTOR_BUCKET, isTwoFactorEnabled, tooManyAttempts, verifySecondFactor } from "./two-factor.server";
import { HttpError } from "~/lib/http-error";
import { attemptLimit, clearEvents, recordWithinLimits } from "~/lib/rate-limit.server";
import { INVALID_CODE, PENDING_LOGIN_EXPIRED, type LoginInput, type TwoFactorChallenge } from "./auth.schema";
import { createSession, deleteSession, hashToken, login, type LoginLimits } from "./auth.server";
import { issueDeviceCookie, trustedDeviceOf } from "./device-cookie.server";
import { TRUSTED_DEVICE, auditLockOuts, auditSignIn } from "./sign-in-audit.server";

/*
 * The sign-in both faces share: POST /api/login(/verify) and the /admin login form's action call these,
 * so the rules (throttling, two-factor, one session per sign-in) live here once.
 */

const PENDING_LOGIN_MINUTES = 5;

export interface SignedIn {
  user: SessionUser;
  /** The Set-Cookie header values: the new session, then a new device cookie for this browser. */
  cookies: [session: string, device: string];
}

type Ctx = Pick<AppContext, "db" | "config">;

const loginLimits = (ctx: Ctx): LoginLimits => ({
  maxAttempts: ctx.config.limits.loginMaxAttempts,
  maxAttemptsPerAccount: ctx.config.limits.loginMaxAttemptsPerAccount,
  windowMinutes: ctx.config.limits.loginWindowMinutes,
});

const cookieOptions = (ctx: Ctx) =>
  ({ httpOnly: true, sameSite: "lax", secure: ctx.config.publicUrl.startsWith("https://"), path: "/" }) as const;

export const sessionCookie = (ctx: Ctx, session: { token: string; expiresAt: Date }) =>
  serialize(SESSION_COOKIE, session.token, { ...cookieOptions(ctx), expires: session.expiresAt });

export const clearedSessionCookie = (ctx: Ctx) =>
  serialize(SESSION_COOKIE, "", { ...cookieOptions(ctx), expires: new Date(0) });

/**
 * Replaces whatever session the browser had with a new one for the user, and marks the browser as one
 * that has signed in to the account (a new device cookie each time, as OWASP advises).
 */
async function startSession(ctx: Ctx, user: SessionUser, cookieHeader: string | undefined): Promise<SignedIn> {
  await deleteSession(ctx.db, sessionTokenOf(cookieHeader));
  const session = await createSession(ctx.db, user.id, ctx.config.sessionDays);
  return { user, cookies: [sessionCookie(ctx, session), issueDeviceCookie(ctx, user.username)] };
}

/**
 * Checks the password; without two-factor that signs the user in. With two-factor on, no session yet:
 * a pending sign-in kept in the database, named by a random token that POST /api/login/verify answers
 * with a code. `cookieHeader` is the browser's: its session (replaced) and its device cookie (counted apart).
 */
export async function signIn(
  ctx: Ctx,
  input: LoginInput,
  clientKey: string,
  cookieHeader: string | undefined,
): Promise<SignedIn | TwoFactorChallenge> {
  const trustedDevice = trustedDeviceOf(ctx, cookieHeader, input.username);
  const user = await login(ctx.db, input, clientKey, loginLimits(ctx), trustedDevice);
  const from = trustedDevice ? TRUSTED_DEVICE : null;
  if (!(await isTwoFactorEnabled(ctx.db, user.id))) {
    await auditSignIn(ctx.db, user, clientKey, "signed in", from);
    return startSession(ctx, user, cookieHeader);
  }
  await auditSignIn(ctx.db, user, clientKey, "password accepted, code asked", from);
  const token = randomBytes(32).toString("base64url");
  const now = new Date();
  await ctx.db
    .insertInto("pending_logins")
    .values({
      id: hashToken(token),
      user_id: user.id,
      expires_at: new Date(now.getTime() + PENDING_LOGIN_MINUTES * 60_000).toISOString(),
      created_at: now.toISOString(),
    })
    .execute();
  return { twoFactorRequired: true, pendingLogin: token };
}

/**
 * The second step: a valid code for the pending sign-in starts the session. Wrong codes are counted
 * per client address and per account like wrong passwords (an attacker who knows the password cannot
 * spread guesses over addresses), and a pending sign-in is used once.
 */
export async function verifySignIn(
  ctx: Ctx,
  input: { pendingLogin: string; code: string },
  clientKey: string,
  cookieHeader: string | undefined,
): Promise<SignedIn> {
  const limits = loginLimits(ctx);
  const pending = await ctx.db
    .selectFrom("pending_logins")
    .innerJoin("users", "users.id", "pending_logins.user_id")
    .select(["users.id", "users.username", "users.is_admin"])
    .where("pending_logins.id", "=", hashToken(input.pendingLogin))
    .where("pending_logins.expires_at", ">", new Date().toISOString())
    .executeTakeFirst();
  const subjects = [clientKey, ...(pending ? [`user:${pending.id}`] : [])];
  const counted = subjects.map((subject) => attemptLimit(TWO_FACTOR_BUCKET, subject, limits));
  const check = await recordWithinLimits(ctx.db, counted);
  if (!check.allowed) throw tooManyAttempts(limits);
  if (!pending) throw new HttpError(401, PENDING_LOGIN_EXPIRED);
  const account = { id: pending.id, username: pending.username };
  if (!(await verifySecondFactor(ctx.db, ctx.config, pending.id, input.code))) {
    await auditSignIn(ctx.db, account, clientKey, "two-factor code refused");
    await auditLockOuts(ctx.db, counted, check.counts, account, clientKey);
    throw new HttpError(401, INVALID_CODE);
  }
  const used = await ctx.db
    .deleteFrom("pending_logins")
    .where("id", "=", hashToken(input.pendingLogin))
    .executeTakeFirst();
  if (used.numDeletedRows === 0n) throw new HttpError(401, PENDING_LOGIN_EXPIRED);
  for (const subject of subjects) await clearEvents(ctx.db, TWO_FACTOR_BUCKET, subject);
  // A time-based code is six digits; anything else that passed was one of the recovery codes.
  const secondFactor = /^\d{6}$/.test(input.code) ? "a two-factor code" : "a recovery code";
  await auditSignIn(ctx.db, account, clientKey, `signed in with ${secondFactor}`);
  return startSession(
    ctx,
    { id: pending.id, username: pending.username, isAdmin: pending.is_admin === 1 },
    cookieHeader,
  );
}

export async function signOut(ctx: Ctx, token: string | undefined) {
  await deleteSession(ctx.db, token);
  return clearedSessionCookie(ctx);
}
