import { sql } from "kysely";
import type { RequestContext } from "~/context";
import { paymentAsked } from "~/features/booking";
import { HttpError } from "~/lib/http-error";
import { paymentSetup, stripeKeys, type PaymentSetup } from "./payment-settings.server";
import type { PaymentHold } from "./payment-hold.server";
import { StripeUnavailableError, createCheckoutSession, expireCheckoutSession, stripeClient } from "./stripe.server";

/* Whether a new booking must pay (or save a card) first, and the Checkout session it pays through. */

const MINUTE_MS = 60_000;
/** Stripe refuses a Checkout session that expires sooner than 30 minutes from its creation. */
const STRIPE_MIN_EXPIRY_MS = 31 * MINUTE_MS;
const RISK_WINDOW_MS = 365 * 24 * 60 * MINUTE_MS;

export const paymentUnavailableMessage = (phone: string) =>
  `Online payment is not available right now. Please try again in a few minutes or call us on ${phone}.`;

/**
 * "risky" asks only customers with no attended visit yet, or with a no-show in the last 12 months; the
 * attendance the shop records already says which.
 */
async function isRisky(ctx: Pick<RequestContext, "db">, email: string, now: Date) {
  const since = new Date(now.getTime() - RISK_WINDOW_MS).toISOString();
  const row = await ctx.db
    .selectFrom("bookings")
    .select([
      sql<number>`sum(case when attendance = 'attended' then 1 else 0 end)`.as("attended"),
      sql<number>`sum(case when attendance = 'no-show' and created_at >= ${since} then 1 else 0 end)`.as("noShows"),
    ])
    .where(sql`lower(customer_email)`, "=", email.toLowerCase())
    .executeTakeFirst();
  return Number(row?.attended ?? 0) === 0 || Number(row?.noShows ?? 0) > 0;
}

/**
 * What a booking of this total by this customer would be asked to pay or save online, or null: the shop's
 * policy, to whom it applies ("risky"), and whether Stripe is set up at all. Said before the customer commits
 * (a waitlist offer's Claim) and asked when they do.
 */
export async function paymentToAsk(
  ctx: Pick<RequestContext, "db" | "config" | "settings">,
  booking: Pick<CheckoutFor, "totalPence" | "customerEmail">,
  now: Date,
  setup?: PaymentSetup,
) {
  const { rules, keys } = setup ?? (await paymentSetup(ctx));
  const asked = paymentAsked(rules, booking.totalPence);
  if (!asked) return null;
  if (rules.askFrom === "risky" && !(await isRisky(ctx, booking.customerEmail, now))) return null;
  if (!keys) return null;
  return { ...asked, noticeHours: (await ctx.settings()).cancellationNoticeHours };
}

export interface CheckoutFor {
  reference: string;
  customerEmail: string;
  totalPence: number;
  description: string;
  /** What a gift card pays of it (issue 34): Checkout asks the rest, and nothing when the card covers it all. */
  coveredPence?: number;
}

/**
 * Opens the Checkout session a booking pays through, or answers null when no payment is asked. Stripe
 * out of reach: 503 with the shop's phone, before anything is held.
 */
export async function askForPayment(
  ctx: Pick<RequestContext, "db" | "config" | "settings">,
  booking: CheckoutFor,
  now: Date,
): Promise<PaymentHold | null> {
  const setup = await paymentSetup(ctx);
  const { rules, keys } = setup;
  const asked = await paymentToAsk(ctx, booking, now, setup);
  if (!asked || !keys) return null;
  if (asked.kind !== "card") asked.amountPence -= booking.coveredPence ?? 0;
  if (asked.amountPence <= 0) return null;
  // The hold ends on the shop's clock, which the job queue that ends it reads too; the session's own expiry is
  // Stripe's, on real time (an end-to-end server's clock is moved, decision 026), and never under Stripe's minimum.
  const holdMs = rules.holdMinutes * MINUTE_MS;
  const expiresAt = new Date(now.getTime() + holdMs);
  const back = `${ctx.config.publicUrl}/bookings/paid`;
  try {
    const session = await createCheckoutSession(await stripeClient(ctx.config, keys), {
      mode: asked.kind === "card" ? "setup" : "payment",
      reference: booking.reference,
      amountPence: asked.amountPence,
      description: booking.description,
      customerEmail: booking.customerEmail,
      successUrl: `${back}?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${back}?reference=${booking.reference}&cancelled=1`,
      expiresAt: new Date(Date.now() + Math.max(holdMs, STRIPE_MIN_EXPIRY_MS)),
    });
    if (!session.url) throw new StripeUnavailableError("Stripe answered a Checkout session without a URL");
    return { ...asked, sessionId: session.id, checkoutUrl: session.url, expiresAt };
  } catch (error) {
    if (error instanceof StripeUnavailableError) {
      throw new HttpError(503, paymentUnavailableMessage((await ctx.settings()).phone));
    }
    throw error;
  }
}

/** A session whose booking was refused (the time was taken meanwhile): closed so it cannot be paid. */
export async function abandonCheckout(ctx: Pick<RequestContext, "db" | "config" | "settings">, sessionId: string) {
  const keys = await stripeKeys(ctx);
  if (!keys) return;
  await expireCheckoutSession(await stripeClient(ctx.config, keys), sessionId).catch((error: unknown) => {
    console.error(`Closing Checkout session ${sessionId} failed: ${String(error)}`);
  });
}
