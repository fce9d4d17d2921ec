import { formatPounds } from "~/lib/money";
import { formatShopDate, formatShopInstant } from "~/lib/shop-time";
import { PAYMENT_METHOD_NAMES, type Sale } from "./till.schema";

/*
 * A sale's receipt, once: the mail's text and the printed 80 mm page are both this. VAT is shown only when the
 * shop has a VAT number, as the 20 % included in the prices; a voluntary tip is outside VAT, so it is left out.
 */

export interface ReceiptShop {
  shopName: string;
  address: { street: string; town: string; postcode: string };
  phone: string;
  vatNumber: string;
}

export interface ReceiptRow {
  label: string;
  amount: string;
  detail?: string;
}

export interface Receipt {
  heading: string[];
  number: string;
  when: string;
  items: ReceiptRow[];
  totals: ReceiptRow[];
  payments: ReceiptRow[];
  footer: string[];
}

/** The VAT included in `pence` at 20 %: a sixth of the gross, in pence. */
export const vatIncludedPence = (pence: number) => Math.round(pence / 6);

export function receiptOf(sale: Sale, shop: ReceiptShop): Receipt {
  const pence = (pounds: number) => Math.round(pounds * 100);
  const items = sale.lines.map((line) => ({
    label: line.quantity > 1 ? `${line.description} × ${line.quantity}` : line.description,
    amount: formatPounds(line.total),
    ...(line.memberName ? { detail: `with ${line.memberName}` } : {}),
  }));
  const totals: ReceiptRow[] = [{ label: "Subtotal", amount: formatPounds(sale.subtotal) }];
  if (sale.discount > 0) totals.push({ label: "Discount", amount: formatPounds(-sale.discount) });
  if (sale.tip.amount > 0) {
    totals.push({
      label: sale.tip.memberName ? `Tip for ${sale.tip.memberName}` : "Tip",
      amount: formatPounds(sale.tip.amount),
    });
  }
  totals.push({ label: "Total", amount: formatPounds(sale.total) });
  if (shop.vatNumber) {
    const vat = vatIncludedPence(pence(sale.total) - pence(sale.tip.amount));
    totals.push({ label: "VAT included (20%)", amount: formatPounds(vat / 100) });
  }
  const payments: ReceiptRow[] = [];
  if (sale.online > 0) payments.push({ label: "Paid online when booking", amount: formatPounds(sale.online) });
  for (const payment of sale.payments.filter((row) => row.status === "succeeded")) {
    const card =
      payment.cardBrand && payment.cardLast4 ? ` ${payment.cardBrand.toUpperCase()} •••• ${payment.cardLast4}` : "";
    payments.push({
      label: `${PAYMENT_METHOD_NAMES[payment.method]}${card}`,
      amount: formatPounds(payment.amount),
      ...(payment.method === "cash" && payment.tendered !== null && payment.change > 0
        ? { detail: `Tendered ${formatPounds(payment.tendered)}, change ${formatPounds(payment.change)}` }
        : {}),
    });
  }
  if (sale.refunded > 0) payments.push({ label: "Refunded", amount: formatPounds(-sale.refunded) });
  if (sale.due > 0) payments.push({ label: "Still due", amount: formatPounds(sale.due) });
  return {
    heading: [
      shop.shopName,
      `${shop.address.street}, ${shop.address.town} ${shop.address.postcode}`,
      shop.phone,
      ...(shop.vatNumber ? [`VAT number ${shop.vatNumber}`] : []),
    ],
    number: sale.number,
    when: sale.paidAt ? formatShopInstant(sale.paidAt, "long", { withTime: true }) : formatShopDate(sale.date),
    items,
    totals,
    payments,
    footer: ["Thank you for your visit."],
  };
}

/** The receipt as plain text, for the mail. */
export function receiptText(receipt: Receipt) {
  const row = (entry: ReceiptRow) =>
    [`${entry.label}: ${entry.amount}`, ...(entry.detail ? [`  ${entry.detail}`] : [])].join("\n");
  return [
    ...receipt.heading,
    "",
    `Receipt ${receipt.number}`,
    receipt.when,
    "",
    ...receipt.items.map(row),
    "",
    ...receipt.totals.map(row),
    "",
    ...receipt.payments.map(row),
    "",
    ...receipt.footer,
  ].join("\n");
}
