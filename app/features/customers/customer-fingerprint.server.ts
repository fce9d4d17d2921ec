import { keyedDigest, type SecretKeySource } from "~/features/accounts/secret-box.server";
import { customerKey } from "./customers.schema";

/** 16 hex digits (64 bits): no two of a shop's customers share one, and short enough to read out. */
const FINGERPRINT_LENGTH = 16;

/**
 * The pseudonym that stands for a customer's e-mail address where the address itself must not stay (the
 * audit log of their export and erasure, decision 018). Keyed with the server's secret, so a leaked log
 * cannot be matched against guessed addresses; the owner, holding the key, can recompute it for an
 * address to show which request was served.
 */
export const customerFingerprint = (source: SecretKeySource, email: string) =>
  keyedDigest(source, "customer-fingerprint", customerKey(email)).slice(0, FINGERPRINT_LENGTH);
