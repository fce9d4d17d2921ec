import type { Request } from "express";
import { z } from "zod";
import type { AppContext } from "~/context";
import { cancelRequestSchema, managedBookingSchema, rescheduleRequestSchema } from "~/features/booking";
import { erasureResultSchema } from "~/features/customers";
import { adminMembershipSchema } from "~/features/memberships";
import { apiDoc, apiErrorSchema } from "~/lib/api-docs.server";
import { apiRouter, clientKey, parseId, parseInput, requestOf } from "~/lib/api.server";
import { cancelOwnMembership, ownCardChangeUrl } from "./account-memberships.server";
import {
  cancelOwnBooking,
  customerSessionTokenOf,
  eraseOwnData,
  exportOwnData,
  getAccount,
  moveOwnBooking,
  redeemSignInLink,
  requestSignInLink,
  requireCustomer,
  signOutCustomer,
} from "./account.server";
import { SIGN_IN_SENT_MESSAGE, accountSchema, signInRequestSchema, signInSentSchema } from "./account.schema";

const customerToken = (req: Request) => customerSessionTokenOf(req.headers.cookie);

const notSignedIn = ["No customer session (the admin's session is not one)", apiErrorSchema] as const;

/** /api/account: the customer's own page, signed in by a one-time link mailed to their address. */
export function accountApi(ctx: AppContext) {
  const router = apiRouter();
  const signedInCustomer = (req: Request) => requireCustomer(ctx.db, customerToken(req));

  const signIn = apiDoc({
    tag: "account",
    summary: "Mail a one-time sign-in link (valid 15 minutes) to the address, when it has bookings or messages",
    body: signInRequestSchema,
    responses: {
      202: ["The same answer whether or not the address is known", signInSentSchema],
      400: ["Not an e-mail address", apiErrorSchema],
      429: ["Too many links asked for this address or from this client; try again later", apiErrorSchema],
    },
  });
  router.post("/sign-in", signIn, async (req, res) => {
    const { email } = parseInput(signInRequestSchema, req.body);
    await requestSignInLink(requestOf(res), email, clientKey(req));
    res.status(202).json({ message: SIGN_IN_SENT_MESSAGE });
  });

  const useLink = apiDoc({
    tag: "account",
    summary: "Use a one-time link: sets the customer session cookie (a GET of the page never does)",
    responses: {
      200: ["Signed in; the answer sets the `customer_session` cookie", accountSchema],
      410: ["Used already, expired or unknown: ask for a new link", apiErrorSchema],
    },
  });
  router.post("/sign-in/:token", useLink, async (req, res) => {
    const { email, cookie } = await redeemSignInLink(requestOf(res), req.params.token, customerToken(req));
    res.append("Set-Cookie", cookie);
    res.json(await getAccount(requestOf(res), email));
  });

  const signOut = apiDoc({
    tag: "account",
    summary: "End the customer session",
    responses: { 204: ["Signed out (also when no one was signed in)"] },
  });
  router.post("/sign-out", signOut, async (req, res) => {
    res.append("Set-Cookie", await signOutCustomer(requestOf(res), customerToken(req)));
    res.status(204).end();
  });

  const account = apiDoc({
    tag: "account",
    summary: "The signed-in customer's details and bookings: upcoming first, then past",
    responses: { 200: ["The account", accountSchema], 401: notSignedIn },
  });
  router.get("/", account, async (req, res) => {
    res.json(await getAccount(requestOf(res), await signedInCustomer(req)));
  });

  const exported = apiDoc({
    tag: "account",
    summary: "The customer's data as a JSON file: the same as the owner's export",
    responses: {
      200: ["Bookings, contact messages and notes", z.looseObject({ email: z.string() })],
      401: notSignedIn,
    },
  });
  router.get("/export", exported, async (req, res) => {
    const data = await exportOwnData(ctx.db, await signedInCustomer(req));
    res
      .attachment(`my-data-${data.exportedAt.slice(0, 10)}.json`)
      .type("application/json")
      .send(JSON.stringify(data, null, 2));
  });

  const erase = apiDoc({
    tag: "account",
    summary: "Erase everything held about the customer (the owner's erasure): upcoming bookings are cancelled first",
    responses: { 200: ["What was cancelled and erased; the session ends", erasureResultSchema], 401: notSignedIn },
  });
  router.delete("/", erase, async (req, res) => {
    const result = await eraseOwnData(requestOf(res), await signedInCustomer(req));
    res.append("Set-Cookie", await signOutCustomer(requestOf(res), customerToken(req)));
    res.json(result);
  });

  const cancel = apiDoc({
    tag: "account",
    summary:
      "Cancel one's own booking (the private link's rules); with `scope: following` every later date of its repeat appointments too",
    body: cancelRequestSchema,
    responses: {
      200: ["Cancelled", managedBookingSchema],
      401: notSignedIn,
      404: ["No booking of this customer with that reference", apiErrorSchema],
      409: ["Too late to cancel online, or already cancelled", apiErrorSchema],
    },
  });
  router.post("/bookings/:reference/cancel", cancel, async (req, res) => {
    const { scope } = parseInput(cancelRequestSchema, req.body ?? {});
    res.json(
      await cancelOwnBooking(requestOf(res), await signedInCustomer(req), req.params.reference, clientKey(req), scope),
    );
  });

  const move = apiDoc({
    tag: "account",
    summary: "Move one's own booking (the private link's rules)",
    body: rescheduleRequestSchema,
    responses: {
      200: ["Moved", managedBookingSchema],
      401: notSignedIn,
      409: ["The time is gone, too late, moved too often, or cancelled", apiErrorSchema],
    },
  });
  router.post("/bookings/:reference/reschedule", move, async (req, res) => {
    const email = await signedInCustomer(req);
    const request = parseInput(rescheduleRequestSchema, req.body);
    res.json(await moveOwnBooking(requestOf(res), email, req.params.reference, request, clientKey(req)));
  });

  const endMembership = apiDoc({
    tag: "account",
    summary:
      "Cancel one's own membership: Stripe ends it at the paid period's end (cancel_at_period_end); it stays active until then",
    responses: {
      200: ["The customer's memberships", z.array(adminMembershipSchema)],
      401: notSignedIn,
      404: ["No membership of this customer with that id", apiErrorSchema],
      409: ["Already ended", apiErrorSchema],
    },
  });
  router.post("/memberships/:id/cancel", endMembership, async (req, res) => {
    const id = parseId(req.params.id, "Membership");
    res.json(await cancelOwnMembership(requestOf(res), await signedInCustomer(req), id));
  });

  const changeCard = apiDoc({
    tag: "account",
    summary: "Change the card a membership is paid with: a Stripe billing portal session to go to",
    responses: {
      200: ["The portal's address", z.object({ url: z.string() })],
      401: notSignedIn,
      404: ["No membership of this customer with that id", apiErrorSchema],
    },
  });
  router.post("/memberships/:id/change-card", changeCard, async (req, res) => {
    const id = parseId(req.params.id, "Membership");
    res.json({ url: await ownCardChangeUrl(requestOf(res), await signedInCustomer(req), id) });
  });
  return router;
}
