import { createHash, randomBytes, randomInt } from "node:crypto";
import type { Config } from "~/config.server";
import { keyedDigest } from "~/lib/secret-box.server";

/* The names a booking is found by: its reference (read out over the phone) and its private link's token. */

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

// Crockford-style: no 0/O or 1/I/L to misread over the phone.
const REFERENCE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ";
/** Eight characters (about 2^39 values): short enough to read out, long enough never to repeat in practice. */
export const newReference = () =>
  `OB-${Array.from({ length: 8 }, () => REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)]).join("")}`;

export const hashManageToken = sha256;

export const randomManageToken = () => randomBytes(32).toString("base64url");

/**
 * The manage token of the booking a form's one-time token makes: a keyed digest of it, so the same
 * form sent again finds its booking (by the token's hash, as the manage link does) and can answer
 * the same token, while nobody without the server's key can work one out from the other.
 */
export const manageTokenForForm = (config: Config, formToken: string) =>
  Buffer.from(keyedDigest(config, "booking-form-token", formToken), "hex").toString("base64url");

/**
 * The manage token of a later date of repeat appointments: worked out from the form's one-time token and the
 * date's place in the series, so the same form sent again can finish a series its first send left half-made and
 * link every date in the one mail (decision 032). Without a form token nothing can be sent again: a random one.
 */
export const manageTokenForOccurrence = (config: Config, formToken: string | undefined, position: number) =>
  formToken ? manageTokenForForm(config, `${formToken}#${position}`) : randomManageToken();
