import { type Kysely } from "kysely";
import { isPostgres } from "../dialect";

/*
 * Money as rows (issue 29, decision 040): `money_movements`, one row per movement of money (pence; refunds
 * negative), unique by its idempotency key, filled here from the payment columns as they stand; the refunds a
 * booking has claimed (`refund_claimed_pence`), so the database refuses more than was paid; the key of a
 * no-show charge in flight (`charge_key`), so a reconciling job can ask Stripe for its outcome after a crash.
 */

// The migration runs against the schema as it was, untyped: a row here is whatever the query answered.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Untyped = Kysely<any>;

export async function up(database: Kysely<unknown>) {
  const db = database as Untyped;
  const table = db.schema.createTable("money_movements");
  await (
    isPostgres(db)
      ? table.addColumn("id", "serial", (col) => col.primaryKey())
      : table.addColumn("id", "integer", (col) => col.primaryKey().autoIncrement())
  )
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("method", "text", (col) => col.notNull())
    .addColumn("amount_pence", "integer", (col) => col.notNull())
    // No foreign keys: the ledger outlives what it is about (a booking's row, a customer erased).
    .addColumn("booking_id", "integer")
    .addColumn("customer_id", "integer")
    .addColumn("stripe_payment_intent_id", "text")
    .addColumn("stripe_refund_id", "text")
    .addColumn("stripe_checkout_session_id", "text")
    .addColumn("idempotency_key", "text", (col) => col.notNull().unique())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("money_movements_created").on("money_movements").column("created_at").execute();
  await db.schema.createIndex("money_movements_booking").on("money_movements").column("booking_id").execute();

  await db.schema
    .alterTable("booking_payments")
    .addColumn("refund_claimed_pence", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("booking_payments").addColumn("charge_key", "text").execute();
  await db.schema.alterTable("payment_refunds").addColumn("settled_at", "text").execute();
  await db.schema.alterTable("payment_refunds").addColumn("failure", "text").execute();

  await fillLedger(db);
  await checkUnkeyedCharges(db);
}

/**
 * Charges a crash left "charging" before charges kept their key: a job each asks Stripe for the customer's
 * payments (the payment-charge-check job with no key), so none answers 409 for ever.
 */
export async function checkUnkeyedCharges(db: Untyped) {
  const stuck = await db
    .selectFrom("booking_payments")
    .select("booking_id")
    .where("charge_state", "=", "charging")
    .execute();
  const now = new Date().toISOString();
  for (const { booking_id: bookingId } of stuck) {
    await db
      .insertInto("jobs")
      .values({
        kind: "payment-charge-check",
        payload: JSON.stringify({ bookingId, key: null }),
        unique_key: `charge-check-${bookingId}`,
        state: "pending",
        run_at: now,
        attempts: 0,
        max_attempts: 12,
        created_at: now,
      })
      .execute();
  }
}

/**
 * Today's payment columns as ledger rows: what was paid, charged, refunded (done) and kept, each once, as the
 * code writes them from now on (a test compares the two).
 */
export async function fillLedger(db: Untyped) {
  const payments = await db.selectFrom("booking_payments").selectAll().execute();
  const refunds = await db.selectFrom("payment_refunds").selectAll().execute();
  const rows: Record<string, unknown>[] = [];
  for (const payment of payments) {
    const claimed = refunds
      .filter((refund) => refund.booking_id === payment.booking_id && refund.state !== "failed")
      .reduce((sum, refund) => sum + Number(refund.amount_pence), 0);
    if (claimed > 0) {
      await db
        .updateTable("booking_payments")
        .set({ refund_claimed_pence: claimed })
        .where("booking_id", "=", payment.booking_id)
        .execute();
    }
    const paid = Number(payment.paid_pence);
    if (paid > 0 && payment.paid_at && payment.kind !== "card") {
      rows.push({
        kind: payment.kind,
        method: "online",
        amount_pence: paid,
        booking_id: payment.booking_id,
        stripe_payment_intent_id: payment.stripe_payment_intent_id,
        stripe_checkout_session_id: payment.checkout_session_id,
        idempotency_key: `paid-${payment.booking_id}`,
        created_at: payment.paid_at,
      });
    }
    const charged = Number(payment.charged_pence);
    if (charged > 0 && payment.charge_state === "charged") {
      rows.push({
        kind: "fee",
        // A fee paid through the mailed link was paid online; otherwise it was taken from the card on file.
        method: payment.fee_session_id ? "online" : "card_on_file",
        amount_pence: charged,
        booking_id: payment.booking_id,
        stripe_payment_intent_id: payment.charge_intent_id,
        stripe_checkout_session_id: payment.fee_session_id,
        idempotency_key: `fee-${payment.booking_id}`,
        created_at: payment.charged_at ?? payment.created_at,
      });
    }
    if (payment.status === "kept" && paid > 0) {
      rows.push({
        kind: "kept_deposit",
        method: "online",
        amount_pence: paid - claimed,
        booking_id: payment.booking_id,
        stripe_payment_intent_id: payment.stripe_payment_intent_id,
        idempotency_key: `kept-${payment.booking_id}`,
        // When it was kept was never recorded: the day it was paid stands in.
        created_at: payment.paid_at ?? payment.created_at,
      });
    }
  }
  for (const refund of refunds) {
    if (refund.state !== "done") continue;
    const payment = payments.find((row) => row.booking_id === refund.booking_id);
    // Refunded to the booking's Checkout payment, or else to its fee (taken from the card unless paid by link).
    const intent = payment?.stripe_payment_intent_id ?? payment?.charge_intent_id ?? null;
    const feeOnCard = intent !== null && intent === payment?.charge_intent_id && !payment?.fee_session_id;
    rows.push({
      kind: "refund",
      method: feeOnCard ? "card_on_file" : "online",
      amount_pence: -Number(refund.amount_pence),
      booking_id: refund.booking_id,
      stripe_payment_intent_id: intent,
      stripe_refund_id: refund.stripe_refund_id,
      idempotency_key: refund.idempotency_key,
      created_at: refund.created_at,
    });
  }
  // Every column named in every row (SQLite has no DEFAULT in a VALUES list), in batches (its bound values are limited).
  const complete = rows.map((row) => ({
    customer_id: null,
    stripe_refund_id: null,
    stripe_checkout_session_id: null,
    ...row,
  }));
  for (let start = 0; start < complete.length; start += 500) {
    await db
      .insertInto("money_movements")
      .values(complete.slice(start, start + 500))
      .execute();
  }
}

export async function down(database: Kysely<unknown>) {
  const db = database as Untyped;
  await db.schema.alterTable("payment_refunds").dropColumn("failure").execute();
  await db.schema.alterTable("payment_refunds").dropColumn("settled_at").execute();
  await db.schema.alterTable("booking_payments").dropColumn("charge_key").execute();
  await db.schema.alterTable("booking_payments").dropColumn("refund_claimed_pence").execute();
  await db.schema.dropTable("money_movements").execute();
}
