import { randomBytes, timingSafeEqual } from "node:crypto";
import { parse, serialize } from "cookie";
import type { AppContext } from "~/context";
import { keyedDigest } from "~/lib/secret-box.server";

/*
 * Device cookies, as OWASP describes them (decision 042): a browser that has signed in to an account
 * carries a cookie naming that account and a random nonce, signed with an HMAC under the server's secret
 * key. A sign-in from it is counted against that cookie alone, not against the account's limit for
 * strangers, so whoever knows an admin's user name and locks the account out with wrong passwords does not
 * lock out the admin's own browser. A device cookie that fails too often is locked out on its own.
 */

export const DEVICE_COOKIE = "device";
const DIGEST_PURPOSE = "device-cookie";
/** Long-lived: the point is a browser that has signed in before, maybe months ago. */
const DEVICE_COOKIE_DAYS = 365;

type Ctx = Pick<AppContext, "config">;

const signature = (ctx: Ctx, username: string, nonce: string) =>
  keyedDigest(ctx.config, DIGEST_PURPOSE, JSON.stringify([username, nonce]));

/** A new device cookie for a browser that has just signed in to `username` (the Set-Cookie value). */
export function issueDeviceCookie(ctx: Ctx, username: string) {
  const nonce = randomBytes(16).toString("base64url");
  const value = [Buffer.from(username, "utf8").toString("base64url"), nonce, signature(ctx, username, nonce)].join(".");
  return serialize(DEVICE_COOKIE, value, {
    httpOnly: true,
    sameSite: "lax",
    secure: ctx.config.publicUrl.startsWith("https://"),
    path: "/",
    maxAge: DEVICE_COOKIE_DAYS * 24 * 60 * 60,
  });
}

/**
 * The nonce of the request's device cookie when it is genuine (our signature) and names `username`, else
 * undefined: a forged, altered or another account's cookie makes the browser a stranger like any other.
 */
export function trustedDeviceOf(ctx: Ctx, cookieHeader: string | undefined, username: string) {
  const value = parse(cookieHeader ?? "")[DEVICE_COOKIE];
  const [encodedName, nonce, digest, ...rest] = value?.split(".") ?? [];
  if (!encodedName || !nonce || !digest || rest.length > 0) return undefined;
  if (Buffer.from(encodedName, "base64url").toString("utf8") !== username) return undefined;
  const expected = Buffer.from(signature(ctx, username, nonce), "utf8");
  const actual = Buffer.from(digest, "utf8");
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? nonce : undefined;
}
