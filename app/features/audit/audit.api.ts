import { z } from "zod";
import type { AppContext } from "~/context";
import { apiDoc } from "~/lib/api-docs.server";
import { apiRouter, parseInput, requireAdmin } from "~/lib/api.server";
import { auditEntrySchema, auditQuerySchema } from "./audit.schema";
import { listAudit } from "./audit.server";

/** GET /api/audit?admin=&kind=&limit=: the latest admin writes, newest first. */
export function auditApi(ctx: AppContext) {
  const router = apiRouter();
  const listed = apiDoc({
    summary: "The latest admin writes, newest first, filtered by admin and kind",
    query: auditQuerySchema,
    responses: { 200: ["Who changed what, and when", z.array(auditEntrySchema)] },
  });
  router.get("/", listed, requireAdmin, async (req, res) => {
    res.json(await listAudit(ctx.db, parseInput(auditQuerySchema, req.query)));
  });
  return router;
}
