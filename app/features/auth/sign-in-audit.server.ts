import type { Db } from "~/db/client.server";
import { recordAudit } from "~/features/audit/index.server";
import type { RateLimit } from "~/lib/rate-limit.server";

/*
 * Sign-ins in the audit log: each success, failure, code used and lock-out, with the client address and
 * the account. Never what was typed: a username that names no account is not kept (it is often a password
 * typed in the wrong field), the password and codes never reach this module.
 */

export const SIGN_IN_KIND = "sign-in";

/** Who a failed attempt at a name that is no account is recorded as. */
export const UNKNOWN_ACCOUNT = { id: 0, username: "(unknown account)" } as const;

/** The detail of an attempt from a browser with the account's device cookie. */
export const TRUSTED_DEVICE = "from a trusted device";

export interface Account {
  id: number;
  username: string;
}

export function auditSignIn(
  db: Db,
  account: Account | undefined,
  address: string,
  action: string,
  detail: string | null = null,
) {
  return recordAudit(db, {
    actor: account ?? UNKNOWN_ACCOUNT,
    kind: SIGN_IN_KIND,
    action,
    targetId: null,
    targetLabel: detail,
    address,
  });
}

/**
 * After a failed attempt: a limit its count (`counts`, per limit, as recordWithinLimits answered) brought
 * to the maximum starts a lock-out. Counts are taken one after another, so exactly one attempt reaches
 * it, and attempts refused while it lasts are not counted: each lock-out is recorded once. No account
 * holds a mail address, so the owner learns of it from this log and the server's console.
 */
export async function auditLockOuts(
  db: Db,
  limits: RateLimit[],
  counts: number[],
  account: Account | undefined,
  address: string,
) {
  for (const [index, limit] of limits.entries()) {
    if (counts[index] !== limit.max) continue;
    const minutes = Math.round(limit.windowMs / 60_000);
    const scope = limit.subject === address ? "address" : limit.subject.startsWith("device:") ? "device" : "account";
    const detail = `${scope}: ${limit.max} failures in ${minutes} minutes (${limit.bucket})`;
    console.warn(`Sign-in locked for ${(account ?? UNKNOWN_ACCOUNT).username} from ${address}: ${detail}`);
    await auditSignIn(db, account, address, "locked out", detail);
  }
}
