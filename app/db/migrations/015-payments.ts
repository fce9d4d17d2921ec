import type { Kysely } from "kysely";

/*
 * Deposits, cards on file and no-show fees through the shop's own Stripe account, and text messages
 * (issue 22, decision 029): the owner's payment settings (one row), each booking's payment, the refunds
 * asked of Stripe (one row per Idempotency-Key), the Stripe events seen (each once), the texts sent
 * (one per booking and event) and the phones that answered STOP.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("payment_settings")
    .addColumn("id", "integer", (col) => col.primaryKey())
    .addColumn("policy", "text", (col) => col.notNull())
    .addColumn("deposit_pence", "integer", (col) => col.notNull())
    .addColumn("no_show_fee_pence", "integer", (col) => col.notNull())
    .addColumn("ask_from", "text", (col) => col.notNull())
    .addColumn("hold_minutes", "integer", (col) => col.notNull())
    .addColumn("texts_enabled", "integer", (col) => col.notNull())
    // Sealed with SECRET_KEY (secret-box); the environment's keys win over these.
    .addColumn("stripe_secret_key_sealed", "text")
    .addColumn("stripe_webhook_secret_sealed", "text")
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("booking_payments")
    .addColumn("booking_id", "integer", (col) => col.primaryKey().references("bookings.id").onDelete("cascade"))
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("amount_pence", "integer", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("checkout_session_id", "text", (col) => col.unique())
    .addColumn("checkout_url", "text")
    .addColumn("expires_at", "text", (col) => col.notNull())
    // The manage-link token, sealed: the confirmation mail sent once paid carries the link.
    .addColumn("manage_token_sealed", "text", (col) => col.notNull())
    .addColumn("stripe_customer_id", "text")
    .addColumn("stripe_payment_method_id", "text")
    .addColumn("stripe_payment_intent_id", "text")
    .addColumn("paid_pence", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("paid_at", "text")
    .addColumn("charge_state", "text")
    .addColumn("charged_pence", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("charge_reason", "text")
    .addColumn("charge_intent_id", "text")
    .addColumn("charged_at", "text")
    // A Checkout session mailed for the fee when the saved card was declined.
    .addColumn("fee_session_id", "text", (col) => col.unique())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("payment_refunds")
    .addColumn("idempotency_key", "text", (col) => col.primaryKey())
    .addColumn("booking_id", "integer", (col) => col.notNull())
    .addColumn("amount_pence", "integer", (col) => col.notNull())
    .addColumn("state", "text", (col) => col.notNull())
    .addColumn("stripe_refund_id", "text")
    .addColumn("reason", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("payment_refunds_booking").on("payment_refunds").column("booking_id").execute();

  await db.schema
    .createTable("payment_events")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("type", "text", (col) => col.notNull())
    .addColumn("received_at", "text", (col) => col.notNull())
    .execute();

  await db.schema
    .alterTable("bookings")
    .addColumn("sms_consent", "integer", (col) => col.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("text_messages")
    .addColumn("booking_id", "integer", (col) => col.notNull())
    .addColumn("event", "text", (col) => col.notNull())
    .addColumn("provider_id", "text")
    .addColumn("sent_at", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("text_messages_pk", ["booking_id", "event"])
    .execute();

  await db.schema
    .createTable("text_opt_outs")
    .addColumn("phone", "text", (col) => col.primaryKey())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("text_opt_outs").execute();
  await db.schema.dropTable("text_messages").execute();
  await db.schema.alterTable("bookings").dropColumn("sms_consent").execute();
  await db.schema.dropTable("payment_events").execute();
  await db.schema.dropTable("payment_refunds").execute();
  await db.schema.dropTable("booking_payments").execute();
  await db.schema.dropTable("payment_settings").execute();
}
