import type { AppContext } from "~/context";
import { decryptSecret } from "~/lib/secret-box.server";
import { clockNow } from "~/lib/clock";
import { MANAGE_TOKEN_PURPOSE } from "./payment-hold.server";

/**
 * How long after paying the page Stripe's Checkout returns to still shows the booking and its manage link.
 * The return address carries the Checkout session's id, which stays in the browser's history: past this, the
 * page shows the reference only and points to the confirmation mail, so an old history entry opens nothing.
 */
export const RECEIPT_MINUTES = 60;

/**
 * The private manage token of the booking a Checkout session settled, for the success page: only once it is
 * settled (paid, or the card saved) and for `RECEIPT_MINUTES` after that; null otherwise.
 */
export async function manageTokenAfterCheckout(
  ctx: Pick<AppContext, "db" | "config">,
  sessionId: string,
  now: Date = clockNow(),
) {
  const row = await ctx.db
    .selectFrom("booking_payments")
    .select(["manage_token_sealed", "paid_at", "status"])
    .where("checkout_session_id", "=", sessionId)
    .executeTakeFirst();
  if (!row?.paid_at || (row.status !== "paid" && row.status !== "card_saved")) return null;
  if (now.getTime() - new Date(row.paid_at).getTime() > RECEIPT_MINUTES * 60_000) return null;
  return decryptSecret(ctx.config, MANAGE_TOKEN_PURPOSE, row.manage_token_sealed);
}
