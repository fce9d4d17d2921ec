import { z } from "zod";
import type { AppContext } from "~/context";
import { apiDoc, apiErrorSchema } from "~/lib/api-docs.server";
import { apiRouter } from "~/lib/api.server";
import { unsubscribeFromReviews } from "./review-requests.server";

/** /api/reviews: the one-click unsubscribe (RFC 8058) of the review request mails. */
export function reviewsApi(ctx: AppContext) {
  const router = apiRouter();
  const unsubscribe = apiDoc({
    tag: "reviews",
    summary: "No more review requests to the address of the mail's link (the List-Unsubscribe-Post target)",
    responses: {
      200: ["Unsubscribed (also when already)", z.object({ unsubscribed: z.literal(true) })],
      404: ["Not an unsubscribe link of ours", apiErrorSchema],
    },
  });
  router.post("/unsubscribe/:token", unsubscribe, async (req, res) => {
    res.json(await unsubscribeFromReviews(ctx.db, req.params.token));
  });
  return router;
}
