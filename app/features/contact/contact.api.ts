import type { AppContext } from "~/context";
import { apiRouter, clientKey, parseId, parseInput, requireAdmin } from "~/lib/api.server";
import { badRequest } from "~/lib/http-error";
import { SUBMISSION_SORTS, contactMessageSchema, type SubmissionSort } from "./contact.schema";
import { deleteSubmission, listSubmissions, submitContactMessage } from "./contact.server";

function submissionSort(value: unknown): SubmissionSort {
  if (value === undefined) return "newest";
  if (SUBMISSION_SORTS.includes(value as SubmissionSort)) return value as SubmissionSort;
  throw badRequest(`sort must be one of: ${SUBMISSION_SORTS.join(", ")}`);
}

/** /api/contact */
export function contactApi(ctx: AppContext) {
  const router = apiRouter();

  router.post("/", async (req, res) => {
    const input = parseInput(contactMessageSchema, req.body);
    const { error: _error, ...submission } = await submitContactMessage(ctx, input, { client: clientKey(req) });
    // The mail error is for the shop's eyes (the admin list), not the visitor's.
    res.status(201).json(submission);
  });

  router.get("/submissions", requireAdmin, async (req, res) => {
    res.json(await listSubmissions(ctx.db, submissionSort(req.query.sort)));
  });

  router.delete("/submissions/:id", requireAdmin, async (req, res) => {
    await deleteSubmission(ctx.db, parseId(req.params.id, "Submission"));
    res.status(204).end();
  });

  return router;
}
