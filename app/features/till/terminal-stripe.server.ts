import type Stripe from "stripe";
import { HttpError } from "~/lib/http-error";
import { callStripe, isInvalidStripeRequest } from "~/features/payments/index.server";

/*
 * The till's calls to Stripe Terminal (server-driven: the reader on the shop's Wi-Fi takes its orders from
 * Stripe, never from the browser), through the payments feature's one client and error mapping. Every call that
 * can move money carries an Idempotency-Key.
 */

export type TerminalReader = Stripe.Terminal.Reader;

/** Stripe refused what was asked of a reader (offline, busy, a bad registration code): its reason, for the owner. */
export class ReaderRefusedError extends HttpError {}

/** An invalid request about a reader becomes ReaderRefusedError (`status`) with Stripe's message. */
async function readerCall<T>(status: number, call: () => Promise<T>): Promise<T> {
  return callStripe(async () => {
    try {
      return await call();
    } catch (error) {
      // Asked of the lazily loaded package (stripe.server.ts): imported here, it was loaded with the server.
      if (await isInvalidStripeRequest(error)) throw new ReaderRefusedError(status, (error as Error).message);
      throw error;
    }
  });
}

export interface ShopAddress {
  shopName: string;
  address: { street: string; town: string; postcode: string };
}

export const createLocation = (client: Stripe, shop: ShopAddress) =>
  callStripe(() =>
    client.terminal.locations.create(
      {
        display_name: shop.shopName,
        address: {
          line1: shop.address.street,
          city: shop.address.town,
          postal_code: shop.address.postcode,
          country: "GB",
        },
      },
      // One location for the shop, whoever registers the first reader at once.
      { idempotencyKey: "terminal-location-shop" },
    ),
  );

export const registerReader = (client: Stripe, reader: { registrationCode: string; label: string; location: string }) =>
  readerCall(400, () =>
    client.terminal.readers.create({
      registration_code: reader.registrationCode,
      label: reader.label,
      location: reader.location,
    }),
  );

export const listReaders = (client: Stripe, location: string) =>
  callStripe(async () => (await client.terminal.readers.list({ location, limit: 100 })).data);

export const retrieveReader = (client: Stripe, id: string) =>
  callStripe(async () => {
    const reader = await client.terminal.readers.retrieve(id);
    return "deleted" in reader && reader.deleted ? undefined : (reader as TerminalReader);
  });

export const deleteReader = (client: Stripe, id: string) =>
  callStripe(async () => {
    try {
      await client.terminal.readers.del(id);
    } catch (error) {
      // Already gone at Stripe: forgetting it here is all that is left to do.
      const gone = (await isInvalidStripeRequest(error)) && (error as { statusCode?: number }).statusCode === 404;
      if (!gone) throw error;
    }
  });

export interface ReaderCharge {
  amountPence: number;
  saleId: number;
  saleNumber: string;
  paymentId: number;
  idempotencyKey: string;
}

/** A card_present PaymentIntent for the sale, made once per payment (its key). */
export const createReaderIntent = (client: Stripe, charge: ReaderCharge) =>
  callStripe(() =>
    client.paymentIntents.create(
      {
        amount: charge.amountPence,
        currency: "gbp",
        // The parameter Terminal's guide names (the SDK's types call it allowed_payment_method_types now).
        ...({ payment_method_types: ["card_present"] } as object),
        capture_method: "automatic",
        description: `Sale ${charge.saleNumber}`,
        metadata: {
          sale_id: String(charge.saleId),
          sale_number: charge.saleNumber,
          payment_id: String(charge.paymentId),
        },
      },
      { idempotencyKey: `${charge.idempotencyKey}-intent` },
    ),
  );

/** Hands the PaymentIntent to the reader; an offline or busy reader is refused with Stripe's reason (409). */
export const processOnReader = (client: Stripe, readerId: string, paymentIntent: string, idempotencyKey: string) =>
  readerCall(409, () =>
    client.terminal.readers.processPaymentIntent(
      readerId,
      { payment_intent: paymentIntent },
      { idempotencyKey: `${idempotencyKey}-process` },
    ),
  );

export const cancelReaderAction = (client: Stripe, readerId: string) =>
  readerCall(409, () => client.terminal.readers.cancelAction(readerId));

/** The PaymentIntent with its charge, where the card's brand and last four are. */
export const retrieveIntentWithCharge = (client: Stripe, id: string) =>
  callStripe(() => client.paymentIntents.retrieve(id, { expand: ["latest_charge"] }));

/** The brand and last four of the card that paid, where Stripe gives them. */
export function cardOf(intent: Stripe.PaymentIntent) {
  const charge = typeof intent.latest_charge === "object" ? intent.latest_charge : null;
  const details = charge?.payment_method_details;
  const card = details?.card_present ?? details?.card ?? null;
  return { brand: card?.brand ?? null, last4: card?.last4 ?? null };
}
