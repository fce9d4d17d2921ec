import type Stripe from "stripe";
import type { Config } from "~/config.server";
import { HttpError } from "~/lib/http-error";
import type { StripeKeys } from "./payment-settings.server";

/*
 * The app's one door to Stripe (decision 029): the official client, pointed at STRIPE_API_URL when set
 * (the tests' loopback double). Every call that moves money carries an Idempotency-Key.
 */

export type CheckoutSession = Stripe.Checkout.Session;

/** Stripe could not be reached or failed on its side: nothing was charged, try again later. */
export class StripeUnavailableError extends Error {}

/** The bank (or Stripe) refused a charge: the message is the bank's reason, for the owner. */
export class ChargeRefusedError extends HttpError {
  constructor(message: string) {
    super(402, message);
  }
}

/** Stripe refused a refund (already refunded, disputed, more than the charge, …): its reason, for the owner. */
export class RefundRefusedError extends HttpError {
  constructor(readonly reason: string) {
    super(409, `Stripe refused the refund: ${reason} Nothing was refunded.`);
  }
}

/*
 * The Stripe package is loaded on its first use, not with the server: it alone costs a third of the idle
 * server's memory (about 35 MB), and a shop that takes no payments never needs it.
 */
let stripeModule: Promise<typeof Stripe> | undefined;
const loadStripe = () => (stripeModule ??= import("stripe").then((module) => module.default));

const clients = new Map<string, Stripe>();

export async function stripeClient(config: Pick<Config, "stripe">, keys: Pick<StripeKeys, "secretKey">) {
  const StripeClient = await loadStripe();
  const apiUrl = config.stripe.apiUrl ? new URL(config.stripe.apiUrl) : undefined;
  const id = `${keys.secretKey}|${config.stripe.apiUrl ?? ""}`;
  let client = clients.get(id);
  if (!client) {
    client = new StripeClient(keys.secretKey, {
      ...(apiUrl && {
        host: apiUrl.hostname,
        port: apiUrl.port || (apiUrl.protocol === "https:" ? 443 : 80),
        protocol: apiUrl.protocol === "https:" ? "https" : "http",
      }),
      maxNetworkRetries: 1,
      // A booking waits for the checkout session: better a quick "try again" than a hanging page.
      timeout: 10_000,
      telemetry: false,
    });
    clients.set(id, client);
  }
  return client;
}

const isUnavailable = (error: unknown, { errors }: typeof Stripe) =>
  // The same key still being worked on by Stripe (a request in flight when the server was killed): ask again later.
  (error instanceof errors.StripeError && error.statusCode === 409) ||
  error instanceof errors.StripeConnectionError ||
  error instanceof errors.StripeAPIError ||
  error instanceof errors.StripeRateLimitError ||
  (error instanceof errors.StripeError && (error.statusCode ?? 0) >= 500);

/** Whether Stripe refused a request as invalid (a bad parameter, an unknown object): its 400s. */
export async function isInvalidStripeRequest(error: unknown) {
  const { errors } = await loadStripe();
  return error instanceof errors.StripeInvalidRequestError;
}

/** Runs one Stripe call; an outage becomes StripeUnavailableError, a refused card ChargeRefusedError. */
export async function callStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const stripe = await loadStripe();
    if (error instanceof stripe.errors.StripeCardError) throw new ChargeRefusedError(error.message);
    if (isUnavailable(error, stripe)) throw new StripeUnavailableError((error as Error).message);
    throw error;
  }
}

export interface CheckoutRequest {
  mode: "payment" | "setup";
  /** The customer already saved with the booking (a fee's payment link); a new one otherwise. */
  customer?: string;
  /** Told apart from the booking's own session in the keys: a fee's link is another session. */
  purpose?: "booking" | "fee";
  reference: string;
  amountPence: number;
  description: string;
  customerEmail: string;
  successUrl: string;
  cancelUrl: string;
  /** Stripe's own expiry: at least 30 minutes away (Stripe's floor); our hold may end sooner. */
  expiresAt: Date;
}

/**
 * A Customer first, so the card saved by either mode belongs to one and can be charged off-session later;
 * then the session. Both carry Idempotency-Keys made from the reference, so a retried call creates nothing twice.
 */
export const createCheckoutSession = (client: Stripe, request: CheckoutRequest) =>
  callStripe(async () => {
    const customer = request.customer
      ? { id: request.customer }
      : await client.customers.create(
          { email: request.customerEmail, metadata: { reference: request.reference } },
          { idempotencyKey: `customer-${request.reference}` },
        );
    return client.checkout.sessions.create(
      {
        mode: request.mode,
        currency: "gbp",
        client_reference_id: request.reference,
        customer: customer.id,
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        expires_at: Math.floor(request.expiresAt.getTime() / 1000),
        metadata: { reference: request.reference },
        ...(request.mode === "payment"
          ? {
              line_items: [
                {
                  quantity: 1,
                  price_data: {
                    currency: "gbp",
                    unit_amount: request.amountPence,
                    product_data: { name: request.description },
                  },
                },
              ],
              // The card is kept too, so a no-show fee can be charged later.
              payment_intent_data: { setup_future_usage: "off_session" },
            }
          : { setup_intent_data: { metadata: { reference: request.reference } } }),
      },
      {
        idempotencyKey: `checkout-${request.purpose ?? "booking"}-${request.reference}-${request.expiresAt.getTime()}`,
      },
    );
  });

export const retrieveCheckoutSession = (client: Stripe, id: string) =>
  callStripe(() => client.checkout.sessions.retrieve(id, { expand: ["payment_intent", "setup_intent"] }));

export const expireCheckoutSession = (client: Stripe, id: string) =>
  callStripe(() => client.checkout.sessions.expire(id));

export interface OffSessionCharge {
  amountPence: number;
  customer: string;
  paymentMethod: string;
  description: string;
  idempotencyKey: string;
}

export const chargeOffSession = (client: Stripe, charge: OffSessionCharge) =>
  callStripe(() =>
    client.paymentIntents.create(
      {
        amount: charge.amountPence,
        currency: "gbp",
        customer: charge.customer,
        payment_method: charge.paymentMethod,
        off_session: true,
        confirm: true,
        description: charge.description,
      },
      { idempotencyKey: charge.idempotencyKey },
    ),
  );

/**
 * A refund, or RefundRefusedError: Stripe answers a refusal with an invalid-request error, or (for some cards,
 * later) a refund whose status is failed. Sent again with the same key, Stripe answers its first answer.
 */
/** A PaymentIntent as Stripe has it now: the reconciler's question when a charge's first answer was "processing". */
export const retrievePaymentIntent = (client: Stripe, id: string) =>
  callStripe(() => client.paymentIntents.retrieve(id));

/** The customer's latest PaymentIntents (Stripe lists the newest first): where a charge made without a stored key is found. */
export const listCustomerPayments = (client: Stripe, customer: string) =>
  callStripe(async () => (await client.paymentIntents.list({ customer, limit: 100 })).data);

export const refundPayment = (
  client: Stripe,
  refund: { paymentIntent: string; amountPence: number; idempotencyKey: string },
) =>
  callStripe(async () => {
    let made: Stripe.Refund;
    try {
      made = await client.refunds.create(
        { payment_intent: refund.paymentIntent, amount: refund.amountPence },
        { idempotencyKey: refund.idempotencyKey },
      );
    } catch (error) {
      const stripe = await loadStripe();
      if (isUnavailable(error, stripe)) throw error;
      if (error instanceof stripe.errors.StripeInvalidRequestError || error instanceof stripe.errors.StripeCardError) {
        throw new RefundRefusedError(error.message);
      }
      throw error;
    }
    if (made.status === "failed" || made.status === "canceled") {
      throw new RefundRefusedError(`the refund ${made.status} (${made.failure_reason ?? "no reason given"}).`);
    }
    return made;
  });

/** The event, when its signature is right for the raw body; undefined when not. */
export async function verifiedEvent(rawBody: Buffer, signature: string | undefined, webhookSecret: string) {
  if (!signature) return undefined;
  const { webhooks } = await loadStripe();
  try {
    return webhooks.constructEvent(rawBody, signature, webhookSecret);
  } catch {
    return undefined;
  }
}
