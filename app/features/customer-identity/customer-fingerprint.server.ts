import type { Db } from "~/db/client.server";
import { keyedDigest, type SecretKeySource } from "~/lib/secret-box.server";
import { customerIdOfKey } from "./customer-rows.server";
import { customerKey } from "~/features/customers";

/** 16 hex digits (64 bits): no two of a shop's customers share one, and short enough to read out. */
const FINGERPRINT_LENGTH = 16;

const digest = (source: SecretKeySource, subject: string) =>
  keyedDigest(source, "customer-fingerprint", subject).slice(0, FINGERPRINT_LENGTH);

/**
 * The pseudonym that stands for a customer's e-mail address where the address itself must not stay (the
 * audit log of their export and erasure, decision 018; rate-limit events). Keyed with the server's secret, so a
 * leaked log cannot be matched against guessed addresses; the owner, holding the key, can recompute it for an
 * address to show which request was served.
 */
export const customerFingerprint = (source: SecretKeySource, email: string) => digest(source, customerKey(email));

/**
 * The pseudonym of a customer row (decision 041): their address's, so that the log reads the same whichever
 * URL named them and whoever asked (owner or customer); a customer without an address by their number.
 */
export const fingerprintOfCustomer = (source: SecretKeySource, customer: { id: number; email_key: string | null }) =>
  customer.email_key ? digest(source, customer.email_key) : digest(source, `customer:${customer.id}`);

/** The audit log's target for a record URL's key: the fingerprint of the customer it names (of the key when nobody). */
export async function fingerprintOfRecordKey(ctx: { db: Db; config: SecretKeySource }, key: string) {
  const id = await customerIdOfKey(ctx.db, key);
  const customer =
    id === undefined
      ? undefined
      : await ctx.db.selectFrom("customers").select(["id", "email_key"]).where("id", "=", id).executeTakeFirst();
  return customer ? fingerprintOfCustomer(ctx.config, customer) : customerFingerprint(ctx.config, key);
}
