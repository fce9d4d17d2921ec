import { z } from "zod";
import type { AppContext } from "~/context";
import { apiDoc } from "~/lib/api-docs.server";
import { apiRouter, parseInput, requestOf, requireAdmin } from "~/lib/api.server";
import { paymentsCsv, payCsv, summaryCsv } from "./reports-csv.server";
import { periodSchema, summaryQuerySchema, type Period } from "./reports.schema";
import { payReport, reportSummary, summaryAndTally } from "./reports.server";

/** GET /api/reports/…: the owner's books (issue 32, decision 054), admin only. */
export function reportsApi(ctx: AppContext) {
  const router = apiRouter();
  const csvName = (what: string, period: Period) => `${what}-${period.from}-to-${period.to}.csv`;
  const csvAnswer = (description: string) => ({ 200: [description, z.string(), "text/csv"] as const });

  const summary = apiDoc({
    summary: "The period's appointments, rates, customers and takings (definitions in docs/reports.md)",
    query: summaryQuerySchema,
    responses: {
      200: ["The figures: money in pounds, rates from 0 to 1 with four decimals (null: nothing to divide by)"],
    },
  });
  router.get("/summary", summary, requireAdmin, async (req, res) => {
    res.json(await reportSummary(requestOf(res), parseInput(summaryQuerySchema, req.query)));
  });

  const pay = apiDoc({
    summary: "What each barber is owed for the period: commission, chair rent and tips",
    query: periodSchema,
    responses: { 200: ["One line per barber, in pounds"] },
  });
  router.get("/pay", pay, requireAdmin, async (req, res) => {
    res.json(await payReport(ctx.db, parseInput(periodSchema, req.query)));
  });

  const summaryFile = apiDoc({
    summary: "The summary as CSV: one row a day, then the total",
    query: summaryQuerySchema,
    responses: csvAnswer("UTF-8 CSV with a header row"),
  });
  router.get("/summary.csv", summaryFile, requireAdmin, async (req, res) => {
    const query = parseInput(summaryQuerySchema, req.query);
    const { summary: figures, tally } = await summaryAndTally(requestOf(res), query);
    res.type("text/csv; charset=utf-8").attachment(csvName("summary", query)).send(summaryCsv(figures, tally.days));
  });

  const payFile = apiDoc({
    summary: "The pay table as CSV",
    query: periodSchema,
    responses: csvAnswer("UTF-8 CSV with a header row"),
  });
  router.get("/pay.csv", payFile, requireAdmin, async (req, res) => {
    const period = parseInput(periodSchema, req.query);
    res
      .type("text/csv; charset=utf-8")
      .attachment(csvName("pay", period))
      .send(payCsv(await payReport(ctx.db, period)));
  });

  const paymentsFile = apiDoc({
    summary:
      "Every money movement of the period as CSV (date, time, kind, method, amount, reference, barber, Stripe id)",
    query: periodSchema,
    responses: csvAnswer("UTF-8 CSV with a header row"),
  });
  router.get("/payments.csv", paymentsFile, requireAdmin, async (req, res) => {
    const period = parseInput(periodSchema, req.query);
    res
      .type("text/csv; charset=utf-8")
      .attachment(csvName("payments", period))
      .send(await paymentsCsv(ctx.db, period));
  });
  return router;
}
