import { randomBytes } from "node:crypto";
import type { Db } from "~/db/client.server";
import type { Row } from "~/db/database";
import { hashToken } from "~/features/auth/index.server";
import { cancelJobs } from "~/features/jobs/index.server";
import {
  OFFER_CLAIMED_MESSAGE,
  OFFER_DECLINED_MESSAGE,
  OFFER_EXPIRED_MESSAGE,
  OFFER_WITHDRAWN_MESSAGE,
} from "~/features/waitlist";
import { HttpError, conflict, notFound } from "~/lib/http-error";

/*
 * A waitlist offer as the booking write path claims it: the entry a link names, why it can no longer be
 * claimed, and the conditional close that lets one claim win. Here, below the waitlist feature (which offers
 * and declines through the same functions), so that the waitlist imports the booking side and not the reverse
 * (decision 051).
 */

type EntryRow = Row<"waitlist_entries">;

export const HOLD_EXPIRY_JOB = "waitlist-hold-expiry";
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const holdKey = (entryId: number) => `${HOLD_EXPIRY_JOB}:${entryId}`;
export const newToken = () => randomBytes(32).toString("base64url");

export async function entryServiceIds(db: Db, entryId: number) {
  const rows = await db
    .selectFrom("waitlist_entry_services")
    .select("service_id")
    .where("entry_id", "=", entryId)
    .orderBy("position")
    .execute();
  return rows.map((row) => row.service_id);
}

/** The entry a link's token names, or 404. */
export async function entryByToken(db: Db, token: string) {
  const entry = TOKEN_PATTERN.test(token)
    ? await db
        .selectFrom("waitlist_entries")
        .selectAll()
        .where("offer_token_hash", "=", hashToken(token))
        .executeTakeFirst()
    : undefined;
  if (!entry) throw notFound("Waitlist offer");
  return entry;
}

/** Why an offer cannot be claimed (now), or null while it can. */
export function refusalOf(entry: Pick<EntryRow, "status" | "offer_expires_at">, now: Date): HttpError | null {
  if (entry.status === "booked") return conflict(OFFER_CLAIMED_MESSAGE);
  if (entry.status === "declined") return new HttpError(410, OFFER_DECLINED_MESSAGE);
  if (entry.status === "expired" || (entry.status === "offered" && entry.offer_expires_at! <= now.toISOString()))
    return new HttpError(410, OFFER_EXPIRED_MESSAGE);
  if (entry.status !== "offered") return new HttpError(410, OFFER_WITHDRAWN_MESSAGE);
  return null;
}

/**
 * Ends a live offer as claimed or declined, by a conditional update: of two claims, a claim and a decline, or
 * either and the hold's expiry, exactly one wins, and the others get the reason. Answers the held slot.
 */
export async function closeOffer(trx: Db, entryId: number, status: "booked" | "declined", now: Date) {
  const taken = await trx
    .updateTable("waitlist_entries")
    .set({ status })
    .where("id", "=", entryId)
    .where("status", "=", "offered")
    .where("offer_expires_at", ">", now.toISOString())
    .returning("hold_slot_id")
    .executeTakeFirst();
  if (!taken?.hold_slot_id) {
    const current = await trx
      .selectFrom("waitlist_entries")
      .select(["status", "offer_expires_at"])
      .where("id", "=", entryId)
      .executeTakeFirst();
    throw (current && refusalOf(current, now)) ?? new HttpError(410, OFFER_WITHDRAWN_MESSAGE);
  }
  await cancelJobs(trx, holdKey(entryId));
  return taken.hold_slot_id;
}
