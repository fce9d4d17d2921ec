import type { Response } from "express";
import { z } from "zod";
import type { AppContext, SessionUser } from "~/context";
import { apiDoc, apiErrorSchema } from "~/lib/api-docs.server";
import { apiRouter, parseId, parseInput, requireAdmin, sessionToken } from "~/lib/api.server";
import { loadSettings } from "~/features/settings/settings.server";
import {
  adminAccountSchema,
  changePasswordSchema,
  newAccountSchema,
  passwordCheckSchema,
  recoveryCodesSchema,
  twoFactorCodeSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from "./accounts.schema";
import { addAdmin, changeOwnPassword, listAdmins, removeAdmin } from "./accounts.server";
import { confirmTwoFactorSetup, disableTwoFactor, startTwoFactorSetup, twoFactorStatus } from "./two-factor.server";

/** requireAdmin ran first, so the user is there. */
const admin = (res: Response) => res.locals.user as SessionUser;

const wrongPassword = ["Wrong password or code", apiErrorSchema] as const;

/** /api/accounts: the admins, and the signed-in admin's own password and two-factor sign-in ("me"). */
export function accountsApi(ctx: AppContext) {
  const router = apiRouter();
  const limits = () => ({
    maxAttempts: ctx.config.limits.loginMaxAttempts,
    windowMinutes: ctx.config.limits.loginWindowMinutes,
  });

  const listed = apiDoc({
    summary: "The admin accounts",
    responses: { 200: ["Every admin", z.array(adminAccountSchema)] },
  });
  router.get("/", listed, requireAdmin, async (_req, res) => {
    res.json(await listAdmins(ctx.db));
  });

  const added = apiDoc({
    summary: "Adds an admin with an initial password",
    body: newAccountSchema,
    responses: { 201: ["The new admin", adminAccountSchema], 409: ["The username is taken", apiErrorSchema] },
  });
  router.post("/", added, requireAdmin, async (req, res) => {
    res.status(201).json(await addAdmin(ctx.db, parseInput(newAccountSchema, req.body)));
  });

  const passwordChanged = apiDoc({
    summary: "Changes the signed-in admin's password; every other session of the account ends",
    body: changePasswordSchema,
    responses: { 204: ["Changed"], 401: wrongPassword },
  });
  router.put("/me/password", passwordChanged, requireAdmin, async (req, res) => {
    const input = parseInput(changePasswordSchema, req.body);
    await changeOwnPassword(ctx.db, admin(res), sessionToken(req), input, limits());
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
    const { shopName } = await loadSettings(ctx.db);
    res.json(await startTwoFactorSetup(ctx.db, ctx.config, admin(res), shopName));
  });

  const confirmed = apiDoc({
    summary: "Turns two-factor sign-in on with a code from the app; answers the recovery codes, shown once",
    body: twoFactorCodeSchema,
    responses: { 200: ["Two-factor sign-in is on", recoveryCodesSchema], 401: wrongPassword },
  });
  router.post("/me/two-factor/confirm", confirmed, requireAdmin, async (req, res) => {
    const { code } = parseInput(twoFactorCodeSchema, req.body);
    res.json({ recoveryCodes: await confirmTwoFactorSetup(ctx.db, ctx.config, admin(res).id, code, limits()) });
  });

  const disabled = apiDoc({
    summary: "Turns two-factor sign-in off (the password is asked again)",
    body: passwordCheckSchema,
    responses: { 204: ["Two-factor sign-in is off"], 401: wrongPassword },
  });
  router.post("/me/two-factor/disable", disabled, requireAdmin, async (req, res) => {
    await disableTwoFactor(ctx.db, admin(res).id, parseInput(passwordCheckSchema, req.body), limits());
    res.status(204).end();
  });

  const removed = apiDoc({
    summary: "Removes an admin (never the last one, never yourself); their sessions end",
    responses: { 204: ["Removed"], 409: ["The last admin, or yourself", apiErrorSchema] },
  });
  router.delete("/:id", removed, requireAdmin, async (req, res) => {
    await removeAdmin(ctx.db, admin(res), parseId(req.params.id, "Admin account"));
    res.status(204).end();
  });

  return router;
}
