import type { Db } from "~/db/client.server";
import { enqueueJob, jobMessageId, type JobHandler } from "~/features/jobs/index.server";
import { formatPence } from "~/lib/money";
import { receiptOf, receiptText } from "./receipt";
import { loadSale } from "./sale-view.server";

/*
 * The till's mails, sent by a job queued in the transaction that paid or refunded the sale (so a crash loses
 * none, and each job's Message-ID makes a retry the same mail): the receipt once the sale is paid, and a note of
 * each refund. Whether the customer has an address is read when it runs.
 */

export const TILL_MAIL_JOB = "till-mail";

export type SaleMailJob = { kind: "receipt"; saleId: number } | { kind: "refund"; saleId: number; refundId: number };

export async function queueSaleMail(db: Db, job: SaleMailJob, now: Date) {
  const key = job.kind === "receipt" ? `till-receipt-${job.saleId}` : `till-refund-mail-${job.refundId}`;
  await enqueueJob(db, { kind: TILL_MAIL_JOB, payload: job, key }, now);
}

export const saleMailJob: JobHandler = {
  async run(ctx, payload, job) {
    if (!ctx.mailer.enabled) return;
    const details = payload as SaleMailJob;
    const sale = await loadSale(ctx.db, details.saleId);
    if (!sale.customer?.email) return;
    const shop = await ctx.settings();
    const receipt = receiptText(receiptOf(sale, shop));
    const greeting = `Hello ${sale.customer.name || "there"},`;
    if (details.kind === "receipt") {
      await ctx.mailer.send({
        to: sale.customer.email,
        subject: `Your receipt from ${shop.shopName} (${sale.number})`,
        text: [greeting, "", "Thank you for your visit. Your receipt:", "", receipt].join("\n"),
        messageId: jobMessageId(ctx, job),
      });
      return;
    }
    const refund = await ctx.db
      .selectFrom("sale_refunds")
      .selectAll()
      .where("id", "=", details.refundId)
      .executeTakeFirstOrThrow();
    const parts = [
      refund.card_pence > 0
        ? `${formatPence(refund.card_pence)} to your card (it usually shows within 5–10 working days)`
        : "",
      refund.cash_pence > 0 ? `${formatPence(refund.cash_pence)} in cash` : "",
    ].filter(Boolean);
    await ctx.mailer.send({
      to: sale.customer.email,
      subject: `Refund of ${formatPence(refund.amount_pence)} from ${shop.shopName} (${sale.number})`,
      text: [greeting, "", `We have refunded ${parts.join(" and ")}.`, "", receipt].join("\n"),
      messageId: jobMessageId(ctx, job),
    });
  },
};
