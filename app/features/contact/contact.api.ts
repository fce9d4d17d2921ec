import type { AppContext } from "~/context";
import { z } from "zod";
import { apiDoc, apiErrorSchema } from "~/lib/api-docs.server";
import { apiRouter, clientKey, parseId, parseInput, requestOf, requireAdmin } from "~/lib/api.server";
import { contactMessageSchema, contactSubmissionSchema, submissionListQuerySchema } from "./contact.schema";
import { deleteSubmission, listSubmissions, submitContactMessage } from "./contact.server";

/** /api/contact */
export function contactApi(ctx: AppContext) {
  const router = apiRouter();

  const send = apiDoc({
    summary: "Send a message to the shop",
    body: contactMessageSchema,
    responses: {
      201: ["Stored (and mailed to the shop when mail is set up)", contactSubmissionSchema.omit({ error: true })],
      429: ["Too many messages from this address; try again later", apiErrorSchema],
    },
  });
  router.post("/", send, async (req, res) => {
    const input = parseInput(contactMessageSchema, req.body);
    const { error: _error, ...submission } = await submitContactMessage(requestOf(res), input, {
      client: clientKey(req),
    });
    // The mail error is for the shop's eyes (the admin list), not the visitor's.
    res.status(201).json(submission);
  });

  const submissions = apiDoc({
    summary: "The messages received",
    query: submissionListQuerySchema,
    responses: { 200: ["The messages", z.array(contactSubmissionSchema)] },
  });
  router.get("/submissions", submissions, requireAdmin, async (req, res) => {
    res.json(await listSubmissions(ctx.db, parseInput(submissionListQuerySchema, req.query).sort));
  });

  const remove = apiDoc({ summary: "Delete a message", responses: { 204: ["Deleted"] } });
  router.delete("/submissions/:id", remove, requireAdmin, async (req, res) => {
    await deleteSubmission(ctx.db, parseId(req.params.id, "Submission"));
    res.status(204).end();
  });

  return router;
}
