import { randomUUID } from "node:crypto";
import { redirect, type AppLoadContext } from "react-router";
import type { RequestContext, ShopReads } from "~/context";
import { recordAudit } from "~/features/audit/index.server";
import { parseId } from "~/lib/api.server";
import { clockNow } from "~/lib/clock";
import { badRequest, conflict, notFound } from "~/lib/http-error";
import { toPence } from "~/lib/money";
import {
  feeFactsOf,
  feeReasonOf,
  feeReasonOfBooking,
  findPayment,
  keepPayment,
  loadPaymentView,
  paymentsOf,
} from "./payment-records.server";
import {
  CONFIRMED_PAYMENT_ACTIONS,
  CONFIRM_PARAMS,
  OWNER_PAYMENT_ACTIONS,
  OWNER_PAYMENT_DONE,
  chargeRequestSchema,
  idempotencyKeySchema,
  refundRequestSchema,
  type OwnerPayment,
  type OwnerPaymentAction,
} from "./payments.schema";
import { chargeNoShowFee, mailFeeLink } from "./fee-charges.server";
import { refundByAdmin } from "./refunds.server";

/*
 * The owner's four payment actions on one booking (charge the fee, refund all or part, keep the deposit, mail a
 * payment link), one function each way in: the JSON API (POST /api/bookings/{id}/{action}) and the admin pages'
 * forms (an `intent` of "payment-{action}") both call ownerPaymentAction, so a rule lives once.
 */

type Ctx = Pick<RequestContext, "db" | "config" | "settings" | "contentVersion">;

const NOT_KEEPABLE_MESSAGE =
  "A deposit can only be kept while it is paid, on a booking marked as a no-show or cancelled inside the notice.";

/** The owner's view of many bookings' payments (the admin list, a customer's record, the calendar), by booking id. */
export async function ownerPaymentsOf(
  { db, settings }: ShopReads,
  bookingIds: number[],
): Promise<Record<number, OwnerPayment>> {
  const [payments, facts, shop] = await Promise.all([
    paymentsOf(db, bookingIds),
    feeFactsOf(db, bookingIds),
    settings(),
  ]);
  const result: Record<number, OwnerPayment> = {};
  for (const row of facts) {
    const payment = payments.get(row.id);
    if (payment) result[row.id] = { ...payment, feeReason: feeReasonOf(row, shop.cancellationNoticeHours) };
  }
  return result;
}

/**
 * POST /api/bookings/{id}/keep-deposit: the owner keeps a paid deposit or prepayment of a no-show (or a late
 * cancellation): nothing goes to Stripe, the money simply stays, and the payment reads "kept".
 */
export async function keepDeposit(ctx: Ctx, bookingId: number, now: Date) {
  const payment = await findPayment(ctx.db, bookingId);
  if (!payment) throw notFound("Payment");
  if (payment.status !== "paid" || (await feeReasonOfBooking(ctx, bookingId)) === null)
    throw conflict(NOT_KEEPABLE_MESSAGE);
  const kept = await ctx.db.transaction().execute((trx) => keepPayment(trx, payment, now));
  if (!kept) throw conflict(NOT_KEEPABLE_MESSAGE);
  return loadPaymentView(ctx.db, bookingId);
}

/**
 * One owner action on one booking's money, from the API's JSON body or a form's fields; `idempotencyKey` is the
 * request's Idempotency-Key header or the form's field (a refund repeated with it answers the first answer).
 */
export async function ownerPaymentAction(
  ctx: Ctx,
  bookingId: number,
  action: OwnerPaymentAction,
  input: unknown,
  idempotencyKey?: string,
) {
  const now = clockNow();
  switch (action) {
    case "charge":
      return chargeNoShowFee(ctx, bookingId, chargeRequestSchema.parse(input).reason, now);
    case "refund": {
      const { amount } = refundRequestSchema.parse(input ?? {});
      const key = idempotencyKeySchema.parse(idempotencyKey);
      return refundByAdmin(ctx, bookingId, amount === undefined ? undefined : toPence(amount), key, now);
    }
    case "keep-deposit":
      return keepDeposit(ctx, bookingId, now);
    case "payment-link":
      return mailFeeLink(ctx, bookingId, now);
  }
}

/** The form's intent ("payment-charge", …) as an action, or null when the form is not a payment form. */
function ownerPaymentIntent(intent: FormDataEntryValue | null): OwnerPaymentAction | null {
  const action = typeof intent === "string" && intent.startsWith("payment-") ? intent.slice("payment-".length) : "";
  return (OWNER_PAYMENT_ACTIONS as readonly string[]).includes(action) ? (action as OwnerPaymentAction) : null;
}

/**
 * A payment form posted to an admin page's action (without JavaScript): the same function as the API, and an
 * audit entry naming what was done, as the API's audit does (a page's form is otherwise logged only as "form").
 */
async function runOwnerPaymentForm(context: AppLoadContext, action: OwnerPaymentAction, form: FormData) {
  const user = context.user;
  if (!user?.isAdmin) throw badRequest("Please sign in again.");
  const bookingId = parseId(String(form.get("bookingId") ?? ""), "Booking");
  const fields = Object.fromEntries(form);
  const input = action === "refund" ? { amount: fields.amount || undefined } : fields;
  const key = typeof fields.idempotencyKey === "string" ? fields.idempotencyKey : undefined;
  await ownerPaymentAction(context, bookingId, action, input, key);
  const booking = await context.db
    .selectFrom("bookings")
    .select("reference")
    .where("id", "=", bookingId)
    .executeTakeFirst();
  await recordAudit(context.db, {
    actor: { id: user.id, username: user.username },
    kind: "bookings",
    action: OWNER_PAYMENT_DONE[action].audit,
    targetId: String(bookingId),
    targetLabel: booking?.reference ?? null,
  });
}

/**
 * An admin page's action for a payment form: null when the form is another one. A charge or refund not yet
 * confirmed answers the 303 to the page asking to confirm it (with the refund's Idempotency-Key made now) and
 * moves nothing; otherwise it runs and answers the 303 back to the page (`back` when it is on `page`) saying
 * what was done. A refusal throws, for formFailure.
 */
export async function paymentFormRedirect(context: AppLoadContext, form: FormData, page: string) {
  const action = ownerPaymentIntent(form.get("intent"));
  if (!action) return null;
  if (!context.user?.isAdmin) throw badRequest("Please sign in again.");
  const back = String(form.get("back") ?? "");
  const url = new URL(back.startsWith(page) ? back : page, "http://page.invalid");
  for (const param of CONFIRM_PARAMS) url.searchParams.delete(param);
  if (CONFIRMED_PAYMENT_ACTIONS.includes(action) && form.get("confirmed") !== "yes") {
    const bookingId = parseId(String(form.get("bookingId") ?? ""), "Booking");
    const amount = String(form.get("amount") ?? "").trim();
    if (action === "refund") refundRequestSchema.parse({ amount: amount || undefined });
    url.searchParams.delete("payment");
    url.searchParams.set("confirmPayment", action);
    url.searchParams.set("bookingId", String(bookingId));
    if (action === "refund" && amount) url.searchParams.set("amount", amount);
    if (action === "refund") url.searchParams.set("key", randomUUID());
    return redirect(`${url.pathname}${url.search}#payment-${bookingId}`, 303);
  }
  await runOwnerPaymentForm(context, action, form);
  url.searchParams.set("payment", action);
  return redirect(`${url.pathname}${url.search}`, 303);
}
