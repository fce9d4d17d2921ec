import { z } from "zod";
import type { AppContext } from "~/context";
import { bookingConfirmationSchema } from "~/features/booking";
import { apiDoc, apiErrorSchema } from "~/lib/api-docs.server";
import { apiRouter, clientKey, parseId, parseInput, requireAdmin, requestOf } from "~/lib/api.server";
import { claimWaitlistOffer } from "~/features/booking/index.server";
import { declineOffer, getOffer } from "./waitlist-offers.server";
import { joinWaitlist, listWaitlist, removeEntry } from "./waitlist.server";
import { waitlistEntrySchema, waitlistJoinSchema, waitlistOfferSchema } from "./waitlist.schema";

/** /api/waitlist: joining, the offer behind a mailed link and its claim, and the owner's list. */
export function waitlistApi(ctx: AppContext) {
  const router = apiRouter();
  // The token in an offer's address is the customer's key, and the owner's list is personal data.
  router.use((_req, res, next) => {
    res.set("Cache-Control", "no-store");
    next();
  });

  const join = apiDoc({
    summary: "Join the waitlist for a day: a time that frees up and fits is offered by mail, first come first served",
    body: waitlistJoinSchema,
    responses: {
      201: ["On the waitlist", z.object({ id: z.int() })],
      409: ["Already on the waitlist for that day", apiErrorSchema],
      429: ["Too many waitlist requests from this address or for this e-mail; try again later", apiErrorSchema],
    },
  });
  router.post("/", join, async (req, res) => {
    res.status(201).json(await joinWaitlist(requestOf(res), parseInput(waitlistJoinSchema, req.body), clientKey(req)));
  });

  const list = apiDoc({
    summary: "Everyone on the waitlist, by day then order of joining (a read of personal data: audited)",
    responses: { 200: ["The entries", z.array(waitlistEntrySchema)] },
  });
  router.get("/", list, requireAdmin, async (_req, res) => {
    res.json(await listWaitlist(ctx.db));
  });

  const remove = apiDoc({
    summary:
      "Remove an entry: a waiting or offered one is cancelled (a held time goes to the next), a finished one deleted",
    responses: { 204: ["Removed"] },
  });
  // One parameter name for the position (OpenAPI counts /waitlist/{id} and /waitlist/{token} as one path):
  // an entry's id here, an offer's token below.
  router.delete("/:key", remove, requireAdmin, async (req, res) => {
    await removeEntry(requestOf(res), parseId(req.params.key, "Waitlist entry"));
    res.status(204).end();
  });

  const offer = apiDoc({
    summary: "The offer behind a mailed waitlist link (only reads: opening the link claims nothing)",
    responses: { 200: ["The offered time, its state and, when it cannot be claimed, why", waitlistOfferSchema] },
  });
  router.get("/:key", offer, async (req, res) => {
    res.json(await getOffer(ctx.db, req.params.key));
  });

  const claim = apiDoc({
    summary: "Claim the offered time: it is booked, as POST /api/bookings books, and confirmed by mail",
    responses: {
      201: ["Booked: the confirmation, with the private manage token", bookingConfirmationSchema],
      409: ["Already claimed, or the customer holds another booking at that time", apiErrorSchema],
      410: ["The offer expired or was withdrawn", apiErrorSchema],
    },
  });
  router.post("/:key/claim", claim, async (req, res) => {
    res.status(201).json(
      await claimWaitlistOffer(requestOf(res), {
        actor: { kind: "customer", client: clientKey(req) },
        token: req.params.key,
      }),
    );
  });

  const decline = apiDoc({
    summary: "Turn the offered time down: it goes to the next person waiting at once, and this entry ends",
    responses: {
      200: ["Turned down: the offer as its link now shows it", waitlistOfferSchema],
      409: ["Already claimed", apiErrorSchema],
      410: ["The offer expired, was withdrawn or was turned down already", apiErrorSchema],
    },
  });
  router.post("/:key/decline", decline, async (req, res) => {
    res.json(await declineOffer(requestOf(res), req.params.key));
  });

  return router;
}
