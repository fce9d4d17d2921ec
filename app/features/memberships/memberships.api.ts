import { z } from "zod";
import type { AppContext } from "~/context";
import { apiDoc, apiErrorSchema } from "~/lib/api-docs.server";
import { apiRouter, clientKey, currentUser, parseId, parseInput, requestOf, requireAdmin } from "~/lib/api.server";
import { HttpError } from "~/lib/http-error";
import { recordWithinLimits } from "~/lib/rate-limit.server";
import { listMemberships } from "./membership-accounts.server";
import { memberAllowance } from "./membership-visits.server";
import { createPlan, listPlans, retirePlan, updatePlan } from "./membership-plans.server";
import { joinPlan } from "./memberships.server";
import {
  adminMembershipSchema,
  allowanceAnswerSchema,
  allowanceQuerySchema,
  joinAnswerSchema,
  joinMembershipSchema,
  membershipPlanInputSchema,
  membershipPlanSchema,
} from "./memberships.schema";

/* /api/membership-plans and /api/memberships (issue 34): the owner's plans, joining one, and the owner's list. */

/** Look-ups of an address's allowance per client an hour: enough for a booking page, too few to survey addresses. */
const ALLOWANCE_LOOKUPS_PER_HOUR = 30;

const stripeDown = ["Stripe did not answer; nothing was saved", apiErrorSchema] as const;

export function membershipPlansApi(ctx: AppContext) {
  const router = apiRouter();

  const list = apiDoc({
    summary: "The plans open to new members (the owner also sees retired plans, with `active: false`)",
    responses: { 200: ["The plans", z.array(membershipPlanSchema)] },
  });
  router.get("/", list, async (_req, res) => {
    res.json(await listPlans(ctx.db, { withRetired: currentUser(res)?.isAdmin === true }));
  });

  const create = apiDoc({
    summary: "Create a plan: a Stripe Product and its monthly recurring Price in GBP are made for it",
    body: membershipPlanInputSchema,
    responses: { 201: ["The plan", membershipPlanSchema], 503: stripeDown },
  });
  router.post("/", create, requireAdmin, async (req, res) => {
    const input = parseInput(membershipPlanInputSchema, req.body);
    res.status(201).json(await createPlan(requestOf(res), input));
  });

  const update = apiDoc({
    summary:
      "Change a plan: a new monthly price makes a new Stripe Price that members joining from now pay; existing members keep theirs",
    body: membershipPlanInputSchema,
    responses: { 200: ["The plan", membershipPlanSchema], 404: ["No such plan", apiErrorSchema], 503: stripeDown },
  });
  router.put("/:id", update, requireAdmin, async (req, res) => {
    const input = parseInput(membershipPlanInputSchema, req.body);
    res.json(await updatePlan(requestOf(res), parseId(req.params.id, "Membership plan"), input));
  });

  const retire = apiDoc({
    summary: "Retire a plan: nobody new may join; its members go on until they cancel",
    responses: { 204: ["Retired"], 404: ["No such plan", apiErrorSchema] },
  });
  router.delete("/:id", retire, requireAdmin, async (req, res) => {
    await retirePlan(requestOf(res), parseId(req.params.id, "Membership plan"));
    res.status(204).end();
  });
  return router;
}

export function membershipsApi(ctx: AppContext) {
  const router = apiRouter();

  const join = apiDoc({
    summary:
      "Join a plan: opens a Stripe Checkout session (mode=subscription) on the plan's monthly Price; the membership is active once Stripe's checkout.session.completed and invoice.paid arrive",
    body: joinMembershipSchema,
    responses: {
      201: ["Where to pay", joinAnswerSchema],
      400: ["The body fails its rules, or the shop has not set up Stripe (nothing is taken)", apiErrorSchema],
      404: ["The plan is retired or unknown", apiErrorSchema],
      429: ["Too many tries from this address in the last hour", apiErrorSchema],
      503: ["Stripe did not answer; nothing was taken", apiErrorSchema],
    },
  });
  router.post("/", join, async (req, res) => {
    const input = parseInput(joinMembershipSchema, req.body);
    res.status(201).json(await joinPlan(requestOf(res), input, clientKey(req)));
  });

  const list = apiDoc({
    summary: "Every membership, newest first: status, plan, member, current period and the visits used in it",
    responses: { 200: ["The memberships", z.array(adminMembershipSchema)] },
  });
  router.get("/", list, requireAdmin, async (_req, res) => {
    res.json(await listMemberships(ctx.db));
  });
  const allowance = apiDoc({
    summary:
      "The booking page's question once the e-mail and the time are known: the member's covered services and visits left for that time, or null",
    body: allowanceQuerySchema,
    responses: {
      200: ["The allowance, or null (priced as usual)", allowanceAnswerSchema],
      429: ["More than 30 look-ups from this address in the last hour", apiErrorSchema],
    },
  });
  router.post("/allowance", allowance, async (req, res) => {
    const query = parseInput(allowanceQuerySchema, req.body);
    const limit = {
      bucket: "member-allowance",
      subject: clientKey(req),
      max: ALLOWANCE_LOOKUPS_PER_HOUR,
      windowMs: 3_600_000,
    };
    if (!(await recordWithinLimits(ctx.db, [limit])).allowed) {
      throw new HttpError(429, "Too many look-ups. Please try again later.");
    }
    const found = await memberAllowance(ctx.db, query.email, query);
    res.set("Cache-Control", "no-store");
    res.json({
      allowance: found
        ? { serviceIds: [...found.serviceIds], visitsLeft: found.visitsLeft, visitsPerMonth: found.visitsPerMonth }
        : null,
    });
  });
  return router;
}
