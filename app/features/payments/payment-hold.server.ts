import type { Config } from "~/config.server";
import type { Db } from "~/db/client.server";
import type { PaymentKind } from "~/db/database";
import { encryptSecret } from "~/lib/secret-box.server";
import { enqueueJob } from "~/features/jobs/index.server";

/*
 * A booking that waits for its payment: its payment row and the job that expires it at `expiresAt`.
 * Kept free of the booking feature's modules, so that booking.server.ts can call it without a cycle.
 */

export const PAYMENT_EXPIRY_JOB = "payment-expiry";
export const MANAGE_TOKEN_PURPOSE = "manage-token";

export interface PaymentHold {
  kind: PaymentKind;
  amountPence: number;
  sessionId: string;
  checkoutUrl: string;
  expiresAt: Date;
}

export const expiryKey = (bookingId: number) => `${PAYMENT_EXPIRY_JOB}:${bookingId}`;

/** Called in the booking's transaction: the hold and its expiry exist exactly when the booking does. */
export async function holdForPayment(
  trx: Db,
  config: Pick<Config, "secretKey" | "dataDir">,
  bookingId: number,
  manageToken: string,
  hold: PaymentHold,
  now: Date,
) {
  await trx
    .insertInto("booking_payments")
    .values({
      booking_id: bookingId,
      kind: hold.kind,
      amount_pence: hold.amountPence,
      status: "awaiting",
      checkout_session_id: hold.sessionId,
      checkout_url: hold.checkoutUrl,
      expires_at: hold.expiresAt.toISOString(),
      manage_token_sealed: encryptSecret(config, MANAGE_TOKEN_PURPOSE, manageToken),
      created_at: now.toISOString(),
    })
    .execute();
  await enqueueJob(
    trx,
    { kind: PAYMENT_EXPIRY_JOB, key: expiryKey(bookingId), payload: { bookingId }, runAt: hold.expiresAt },
    now,
  );
}
