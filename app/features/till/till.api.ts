import { z } from "zod";
import type { AppContext } from "~/context";
import { apiDoc, apiErrorSchema } from "~/lib/api-docs.server";
import { apiRouter, currentUser, parseId, parseInput, requestOf, requireAdmin } from "~/lib/api.server";
import { cancelPayment, loadSaleChecked } from "./card-outcomes.server";
import { closeDay, tillDay } from "./cash-up.server";
import { addReader, readers, removeReader } from "./readers.server";
import { takePayment } from "./sale-payments.server";
import { refundSale } from "./sale-refunds.server";
import { listSales } from "./sale-view.server";
import { createSale, voidSale } from "./sales.server";
import {
  closeDaySchema,
  createSaleSchema,
  paymentInputSchema,
  readerInputSchema,
  readerSchema,
  refundInputSchema,
  salePaymentSchema,
  saleSchema,
  tillDateSchema,
  tillDaySchema,
} from "./till.schema";

/* /api/sales, /api/till and /api/terminal: the shop's till (issue 31), admin only. */

const refused = (what: string) => [what, apiErrorSchema] as const;
const KEY_HEADER =
  "Send an `Idempotency-Key` header: a repeat with the same key answers the first answer and moves no money.";

export function salesApi(ctx: AppContext) {
  const router = apiRouter();
  router.post(
    "/",
    apiDoc({
      summary: "Ring up a sale: from a booking (its services, barber, customer and online payment) or from lines",
      tag: "till",
      body: createSaleSchema,
      responses: {
        201: ["The open sale (paid at once when the booking's online payment covers it)", saleSchema],
        400: refused("Bad lines, discount or tip"),
        409: refused("The booking already has a sale (its number), a product short of stock, or the day is closed"),
      },
    }),
    requireAdmin,
    async (req, res) => {
      res.status(201).json(await createSale(requestOf(res), parseInput(createSaleSchema, req.body), currentUser(res)));
    },
  );
  router.get(
    "/",
    apiDoc({
      summary: "The sales of one of the shop's days (Europe/London), oldest first",
      tag: "till",
      query: z.object({ date: tillDateSchema }),
      responses: { 200: ["The day's sales", z.array(saleSchema)], 400: refused("No or a bad date") },
    }),
    requireAdmin,
    async (req, res) => {
      res.json(await listSales(ctx.db, parseInput(tillDateSchema, req.query.date)));
    },
  );
  router.get(
    "/:id",
    apiDoc({
      summary: "One sale; a card payment still waiting on the reader is first asked of Stripe",
      tag: "till",
      responses: { 200: ["The sale", saleSchema] },
    }),
    requireAdmin,
    async (req, res) => {
      res.set("Cache-Control", "no-store");
      res.json(await loadSaleChecked(ctx, parseId(req.params.id, "Sale")));
    },
  );
  router.post(
    "/:id/void",
    apiDoc({
      summary: "Void an open sale nothing was paid on (its products go back into stock)",
      tag: "till",
      responses: { 200: ["The voided sale", saleSchema], 409: refused("Paid (refund it instead), or already voided") },
    }),
    requireAdmin,
    async (req, res) => {
      res.json(await voidSale(requestOf(res), parseId(req.params.id, "Sale")));
    },
  );
  router.post(
    "/:id/payments",
    apiDoc({
      summary: `Take a payment: cash (tendered gives change), card on the reader (202, the outcome comes by webhook or poll), or the card on file. ${KEY_HEADER}`,
      tag: "till",
      body: paymentInputSchema,
      responses: {
        201: [
          "Taken (cash, card on file)",
          z.object({ payment: salePaymentSchema, change: z.number().optional(), sale: saleSchema }),
        ],
        202: ["Handed to the reader: processing", z.object({ payment: salePaymentSchema, sale: saleSchema })],
        400: refused("No Idempotency-Key, or a bad amount"),
        402: refused("The bank declined the card on file: its reason"),
        409: refused(
          "More than is due, the sale paid or voided, the reader offline or busy, no card on file, or the day closed",
        ),
        422: refused("The Idempotency-Key was used for another payment"),
        503: refused("Stripe could not be reached: nothing was taken"),
      },
    }),
    requireAdmin,
    async (req, res) => {
      const input = parseInput(paymentInputSchema, req.body);
      const answer = await takePayment(ctx, parseId(req.params.id, "Sale"), input, req.get("idempotency-key"));
      res.status(answer.status).json(answer.body);
    },
  );
  router.post(
    "/:id/payments/:paymentId/cancel",
    apiDoc({
      summary: "Cancel a card payment still waiting on the reader",
      tag: "till",
      responses: {
        200: ["The sale", saleSchema],
        409: refused("Not waiting on the reader, or the card was already taken"),
      },
    }),
    requireAdmin,
    async (req, res) => {
      res.json(await cancelPayment(ctx, parseId(req.params.id, "Sale"), parseId(req.params.paymentId, "Payment")));
    },
  );
  router.post(
    "/:id/refund",
    apiDoc({
      summary: `Refund lines (their products back into stock) or an amount: card parts through Stripe, cash paid out of the till. ${KEY_HEADER}`,
      tag: "till",
      body: refundInputSchema,
      responses: {
        200: ["The sale, with the refund counted", saleSchema],
        400: refused("No Idempotency-Key, or bad lines"),
        409: refused("More than was paid, Stripe refused, or the day closed"),
        422: refused("The Idempotency-Key was used for another sale's refund"),
      },
    }),
    requireAdmin,
    async (req, res) => {
      const input = parseInput(refundInputSchema, req.body);
      res.json(
        await refundSale(ctx, parseId(req.params.id, "Sale"), input, req.get("idempotency-key"), currentUser(res)),
      );
    },
  );
  return router;
}

export function tillApi() {
  const router = apiRouter();
  router.get(
    "/:date",
    apiDoc({
      summary: "The day's cash-up: takings by method, tips by barber, refunds, float and expected cash",
      tag: "till",
      responses: { 200: ["The day", tillDaySchema], 400: refused("A bad date") },
    }),
    requireAdmin,
    async (req, res) => {
      res.set("Cache-Control", "no-store");
      res.json(await tillDay(requestOf(res), parseInput(tillDateSchema, req.params.date)));
    },
  );
  router.post(
    "/:date/close",
    apiDoc({
      summary: "Close the day with the cash counted: once; the day then refuses sales, payments and refunds",
      tag: "till",
      body: closeDaySchema,
      responses: { 200: ["The closed day", tillDaySchema], 409: refused("Already closed, or not started yet") },
    }),
    requireAdmin,
    async (req, res) => {
      const date = parseInput(tillDateSchema, req.params.date);
      const { countedCash } = parseInput(closeDaySchema, req.body);
      res.json(await closeDay(requestOf(res), date, countedCash, currentUser(res)));
    },
  );
  return router;
}

export function terminalApi() {
  const router = apiRouter();
  router.post(
    "/readers",
    apiDoc({
      summary: "Register a card reader with Stripe Terminal by the code it shows (`simulated-wpe` in test mode)",
      tag: "till",
      body: readerInputSchema,
      responses: {
        201: ["The reader", readerSchema],
        400: refused("A bad code (Stripe's reason), or payments not set up"),
      },
    }),
    requireAdmin,
    async (req, res) => {
      res.status(201).json(await addReader(requestOf(res), parseInput(readerInputSchema, req.body)));
    },
  );
  router.get(
    "/readers",
    apiDoc({
      summary: "The shop's card readers and their status",
      tag: "till",
      responses: { 200: ["The readers", z.array(readerSchema)] },
    }),
    requireAdmin,
    async (_req, res) => {
      res.json(await readers(requestOf(res)));
    },
  );
  router.delete(
    "/readers/:readerId",
    apiDoc({ summary: "Forget a card reader (at Stripe too)", tag: "till", responses: { 204: ["Removed"] } }),
    requireAdmin,
    async (req, res) => {
      await removeReader(requestOf(res), String(req.params.readerId));
      res.status(204).end();
    },
  );
  return router;
}
