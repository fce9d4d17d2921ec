import type { Response } from "express";
import { z } from "zod";
import type { AppContext, SessionUser } from "~/context";
import { apiDoc, apiErrorSchema } from "~/lib/api-docs.server";
import { apiRouter, parseId, parseInput, requireAdmin, sessionToken, requestOf } from "~/lib/api.server";
import {
  addAdminSchema,
  adminAccountSchema,
  changePasswordSchema,
  newAccountSchema,
  reauthenticationSchema,
  recoveryCodesSchema,
  twoFactorCodeSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from "./accounts.schema";
import { addAdmin, changeOwnPassword, listAdmins, removeAdmin } from "./accounts.server";
import {
  confirmIdentity,
  confirmTwoFactorSetup,
  disableTwoFactor,
  reauthenticationLimits,
  startTwoFactorSetup,
  twoFactorStatus,
} from "~/features/auth/index.server";

/** requireAdmin ran first, so the user is there. */
const admin = (res: Response) => res.locals.user as SessionUser;

const wrongCode = ["Wrong code", apiErrorSchema] as const;
const notConfirmed = [
  "The current password (and, with two-factor sign-in on, a current code) is missing or wrong",
  apiErrorSchema,
] as const;

/** /api/accounts: the admins, and the signed-in admin's own password and two-factor sign-in ("me"). */
export function accountsApi(ctx: AppContext) {
  const router = apiRouter();
  const limits = () => reauthenticationLimits(ctx.config.limits);
  /** The signed-in admin proves it is them again: `currentPassword`, and `code` when two-factor sign-in is on. */
  const confirmed = (res: Response, body: unknown) =>
    confirmIdentity(ctx.db, ctx.config, admin(res).id, body, limits());

  const listed = apiDoc({
    summary: "The admin accounts",
    responses: { 200: ["Every admin", z.array(adminAccountSchema)] },
  });
  router.get("/", listed, requireAdmin, async (_req, res) => {
    res.json(await listAdmins(ctx.db));
  });

  const added = apiDoc({
    summary: "Adds an admin with an initial password; the adding admin gives their password (and code) again",
    body: addAdminSchema,
    responses: {
      201: ["The new admin", adminAccountSchema],
      403: notConfirmed,
      409: ["The username is taken", apiErrorSchema],
    },
  });
  router.post("/", added, requireAdmin, async (req, res) => {
    const input = parseInput(newAccountSchema, req.body);
    res.status(201).json(await addAdmin(ctx.db, input, await confirmed(res, req.body)));
  });

  const passwordChanged = apiDoc({
    summary:
      "Changes the signed-in admin's password (given with the current one, and a code when two-factor sign-in is on); every other session of the account ends",
    body: changePasswordSchema,
    responses: { 204: ["Changed"], 403: notConfirmed },
  });
  router.put("/me/password", passwordChanged, requireAdmin, async (req, res) => {
    const { newPassword } = parseInput(changePasswordSchema.pick({ newPassword: true }), req.body);
    await changeOwnPassword(ctx.db, await confirmed(res, req.body), sessionToken(req), newPassword);
    res.status(204).end();
  });

  const status = apiDoc({
    summary: "Whether two-factor sign-in is on for the signed-in admin",
    responses: { 200: ["The status", twoFactorStatusSchema] },
  });
  router.get("/me/two-factor", status, requireAdmin, async (_req, res) => {
    res.json(await twoFactorStatus(ctx.db, admin(res).id));
  });

  const setup = apiDoc({
    summary: "Starts turning two-factor sign-in on: a new secret to scan, shown once",
    responses: { 200: ["The secret, its otpauth URI and a QR code", twoFactorSetupSchema] },
  });
  router.post("/me/two-factor/setup", setup, requireAdmin, async (_req, res) => {
    const { shopName } = await requestOf(res).settings();
    res.json(await startTwoFactorSetup(ctx.db, ctx.config, admin(res), shopName));
  });

  const turnedOn = apiDoc({
    summary:
      "Turns two-factor sign-in on with a code from the app; answers the recovery codes, shown once; every other session of the account ends",
    body: twoFactorCodeSchema,
    responses: { 200: ["Two-factor sign-in is on", recoveryCodesSchema], 400: wrongCode },
  });
  router.post("/me/two-factor/confirm", turnedOn, requireAdmin, async (req, res) => {
    const { code } = parseInput(twoFactorCodeSchema, req.body);
    const recoveryCodes = await confirmTwoFactorSetup(
      ctx.db,
      ctx.config,
      admin(res).id,
      code,
      limits(),
      sessionToken(req),
    );
    res.json({ recoveryCodes });
  });

  const disabled = apiDoc({
    summary:
      "Turns two-factor sign-in off with the current password (`currentPassword`, or `password` as the spec names it) and a current code",
    body: reauthenticationSchema,
    responses: { 204: ["Two-factor sign-in is off"], 403: notConfirmed },
  });
  router.post("/me/two-factor/disable", disabled, requireAdmin, async (req, res) => {
    const body = req.body as Record<string, unknown> | undefined;
    // The spec's body names the password `password`; the other account changes call it `currentPassword`.
    const proof = body?.currentPassword === undefined ? { ...body, currentPassword: body?.password } : body;
    await disableTwoFactor(ctx.db, await confirmed(res, proof));
    res.status(204).end();
  });

  const removed = apiDoc({
    summary:
      "Removes an admin (never the last one, never yourself); their sessions end. The removing admin gives their password (and code) again in the body",
    body: reauthenticationSchema,
    responses: {
      204: ["Removed"],
      403: notConfirmed,
      409: ["The last admin, or yourself", apiErrorSchema],
    },
  });
  router.delete("/:id", removed, requireAdmin, async (req, res) => {
    const id = parseId(req.params.id, "Admin account");
    await removeAdmin(ctx.db, await confirmed(res, req.body), id);
    res.status(204).end();
  });

  return router;
}
