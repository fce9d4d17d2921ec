import express from "express";
import { sql } from "kysely";
import type { AppContext } from "~/context";
import { pendingMigrations } from "~/db/client.server";

/*
 * For load balancers, the container's HEALTHCHECK and orchestrators (decision 026). Mounted before the
 * API, so no rate limit, response cache or audit applies, and answered `no-store`.
 * /healthz: the process is up and answering (restart it when not).
 * /readyz: it can serve now (send it traffic when so): the database answers, this code's migrations are
 * applied, uploads can be stored, and it is not shutting down. A failed check is named, its cause only logged.
 */

const CHECK_TIMEOUT_MS = 3_000;

type Check = () => Promise<void>;

function withTimeout(check: Check) {
  return Promise.race([
    check(),
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS).unref(),
    ),
  ]);
}

export function healthChecks(ctx: AppContext) {
  const checks: Record<string, Check> = {
    database: async () => {
      await sql`select 1`.execute(ctx.db);
    },
    migrations: async () => {
      const pending = await pendingMigrations(ctx.db);
      if (pending.length > 0) throw new Error(`not applied: ${pending.join(", ")}`);
    },
    storage: () => ctx.storage.checkWritable(),
  };

  const router = express.Router();
  router.get("/healthz", (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.json({ status: "ok" });
  });
  router.get("/readyz", async (req, res) => {
    res.setHeader("Cache-Control", "no-store");
    if (req.app.locals.shuttingDown) {
      res.status(503).json({ status: "unavailable", failed: ["shutting-down"] });
      return;
    }
    const outcomes = await Promise.all(
      Object.entries(checks).map(async ([name, check]) => {
        try {
          await withTimeout(check);
          return [name, "ok"] as const;
        } catch (error) {
          console.error(`Readiness check "${name}" failed: ${error instanceof Error ? error.message : String(error)}`);
          return [name, "failed"] as const;
        }
      }),
    );
    const failed = outcomes.filter(([, outcome]) => outcome === "failed").map(([name]) => name);
    res
      .status(failed.length ? 503 : 200)
      .json({ status: failed.length ? "unavailable" : "ok", checks: Object.fromEntries(outcomes), failed });
  });
  return router;
}
