import { z } from "zod";
import { oneLine } from "~/lib/schema-fields";

/*
 * The one rule for a customer's name, however it comes in: a booking (online or for a caller), a walk-in,
 * the waitlist, and whatever brings names in later (a queue, an import). A name reaches mails, texts,
 * calendar feeds (SUMMARY) and logs, so it is one line without control characters, trimmed, 2 to 100
 * characters.
 */

export const NAME_MESSAGE = "Name must be at least 2 characters";
export const NAME_TOO_LONG_MESSAGE = "Name must be at most 100 characters";
export const NAME_ONE_LINE_MESSAGE = "Name must be a single line, without line breaks or control characters";

export const customerNameField = oneLine(
  z.string({ error: NAME_MESSAGE }).trim().min(2, NAME_MESSAGE).max(100, NAME_TOO_LONG_MESSAGE),
  NAME_ONE_LINE_MESSAGE,
);

/** Where a name may be left out (a walk-in): blank or absent is undefined, anything else meets the rule. */
export const optionalCustomerNameField = z.preprocess(
  (value) => (value === null || (typeof value === "string" && value.trim() === "") ? undefined : value),
  customerNameField.optional(),
);
