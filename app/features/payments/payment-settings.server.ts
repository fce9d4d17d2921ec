import type { AppContext } from "~/context";
import type { Db } from "~/db/client.server";
import type { Row } from "~/db/database";
import { decryptSecret, encryptSecret } from "~/lib/secret-box.server";
import { badRequest } from "~/lib/http-error";
import { toPence, toPounds } from "~/lib/money";
import {
  NO_KEYS_MESSAGE,
  type PaymentSettingsInput,
  type PaymentSettingsView,
  type PublicPaymentSettings,
} from "./payments.schema";

/* The owner's payment rules and the shop's Stripe keys: the environment's keys win over pasted ones. */

const KEY_PURPOSE = "stripe-keys";

export interface PaymentRules {
  policy: PaymentSettingsView["policy"];
  depositPence: number;
  noShowFeePence: number;
  askFrom: PaymentSettingsView["askFrom"];
  holdMinutes: number;
  textsEnabled: boolean;
}

export const DEFAULT_PAYMENT_RULES: PaymentRules = {
  policy: "none",
  depositPence: 0,
  noShowFeePence: 0,
  askFrom: "everyone",
  holdMinutes: 15,
  textsEnabled: true,
};

export interface StripeKeys {
  secretKey: string;
  webhookSecret: string;
}

type Ctx = Pick<AppContext, "db" | "config">;

const readRow = (db: Db) => db.selectFrom("payment_settings").selectAll().where("id", "=", 1).executeTakeFirst();

const toRules = (row: Row<"payment_settings"> | undefined): PaymentRules =>
  row
    ? {
        policy: row.policy,
        depositPence: row.deposit_pence,
        noShowFeePence: row.no_show_fee_pence,
        askFrom: row.ask_from,
        holdMinutes: row.hold_minutes,
        textsEnabled: row.texts_enabled === 1,
      }
    : DEFAULT_PAYMENT_RULES;

export const loadPaymentRules = async (db: Db) => toRules(await readRow(db));

const unseal = (ctx: Ctx, sealed: string | null | undefined) =>
  sealed ? (decryptSecret(ctx.config, KEY_PURPOSE, sealed) ?? undefined) : undefined;

/** The keys in use, or undefined while either is missing (then no policy but "none" applies). */
const keysOf = (
  ctx: Ctx,
  stored: Pick<Row<"payment_settings">, "stripe_secret_key_sealed" | "stripe_webhook_secret_sealed"> | undefined,
): StripeKeys | undefined => {
  const secretKey = ctx.config.stripe.secretKey ?? unseal(ctx, stored?.stripe_secret_key_sealed);
  const webhookSecret = ctx.config.stripe.webhookSecret ?? unseal(ctx, stored?.stripe_webhook_secret_sealed);
  return secretKey && webhookSecret ? { secretKey, webhookSecret } : undefined;
};

export const stripeKeys = async (ctx: Ctx) => keysOf(ctx, await readRow(ctx.db));

/** The keys, or the owner's "not set up" refusal (400): for the calls that cannot go without Stripe. */
export async function requireStripeKeys(ctx: Ctx) {
  const keys = await stripeKeys(ctx);
  if (!keys) throw badRequest("Online payments are not set up.");
  return keys;
}

export interface PaymentSetup {
  /** The rules in force: without keys, payments are off whatever was saved. */
  rules: PaymentRules;
  keys: StripeKeys | undefined;
}

/** The rules in force and the keys, from one read of the row. */
export async function paymentSetup(ctx: Ctx): Promise<PaymentSetup> {
  const row = await readRow(ctx.db);
  const keys = keysOf(ctx, row);
  const rules = toRules(row);
  return { rules: keys ? rules : { ...rules, policy: "none" }, keys };
}

export const activePaymentRules = async (ctx: Ctx) => (await paymentSetup(ctx)).rules;

const keySource = (fromEnv: string | undefined, sealed: string | null | undefined) =>
  fromEnv ? ("environment" as const) : sealed ? ("settings" as const) : null;

export async function paymentSettingsView(ctx: Ctx): Promise<PaymentSettingsView> {
  const row = await readRow(ctx.db);
  const rules = toRules(row);
  return {
    policy: rules.policy,
    deposit: toPounds(rules.depositPence),
    noShowFee: toPounds(rules.noShowFeePence),
    askFrom: rules.askFrom,
    holdMinutes: rules.holdMinutes,
    textsEnabled: rules.textsEnabled,
    stripeSecretKey: keySource(ctx.config.stripe.secretKey, row?.stripe_secret_key_sealed),
    stripeWebhookSecret: keySource(ctx.config.stripe.webhookSecret, row?.stripe_webhook_secret_sealed),
    textsAvailable: ctx.config.twilio !== undefined,
  };
}

export async function publicPaymentSettings(ctx: Ctx): Promise<PublicPaymentSettings> {
  const rules = await activePaymentRules(ctx);
  return { policy: rules.policy, deposit: toPounds(rules.depositPence), noShowFee: toPounds(rules.noShowFeePence) };
}

/**
 * Saves the payment settings inside the settings' transaction. A pasted key is sealed; an empty or absent one
 * keeps what is stored. A policy other than "none" is refused while a key is missing.
 */
export async function savePaymentSettings(ctx: Ctx, db: Db, input: PaymentSettingsInput) {
  const row = await readRow(db);
  const seal = (value: string | undefined, stored: string | null | undefined) =>
    value ? encryptSecret(ctx.config, KEY_PURPOSE, value) : (stored ?? null);
  const values = {
    id: 1,
    policy: input.policy,
    deposit_pence: toPence(input.deposit),
    no_show_fee_pence: toPence(input.noShowFee),
    ask_from: input.askFrom,
    hold_minutes: input.holdMinutes,
    texts_enabled: input.textsEnabled ? 1 : 0,
    stripe_secret_key_sealed: seal(input.stripeSecretKey, row?.stripe_secret_key_sealed),
    stripe_webhook_secret_sealed: seal(input.stripeWebhookSecret, row?.stripe_webhook_secret_sealed),
    updated_at: new Date().toISOString(),
  };
  if (values.policy !== "none" && !keysOf(ctx, values)) throw badRequest(NO_KEYS_MESSAGE);
  const { id: _id, ...columns } = values;
  await db
    .insertInto("payment_settings")
    .values(values)
    .onConflict((conflict) => conflict.column("id").doUpdateSet(columns))
    .execute();
}
