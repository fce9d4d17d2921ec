import type { Response } from "express";
import type { AppContext } from "~/context";
import { HttpError } from "~/lib/http-error";
import { SESSION_COOKIE, apiRouter, clientKey, currentUser, parseInput, sessionToken } from "~/lib/api.server";
import { isSecureOrigin } from "../../../server/config";
import { loginSchema, type PublicUser } from "./auth.schema";
import { createSession, deleteSession, login } from "./auth.server";

export function authApi(ctx: AppContext) {
  const router = apiRouter();
  const cookieOptions = { httpOnly: true, sameSite: "lax", secure: isSecureOrigin(ctx.config), path: "/" } as const;

  const send = (res: Response, user: PublicUser) => res.json(user);

  router.get("/user", (_req, res) => {
    const user = currentUser(res);
    if (!user) throw new HttpError(401, "Not authenticated");
    send(res, user);
  });

  router.post("/login", async (req, res) => {
    const input = parseInput(loginSchema, req.body);
    const user = await login(ctx.db, input, clientKey(req), {
      maxAttempts: ctx.config.limits.loginMaxAttempts,
      windowMinutes: ctx.config.limits.loginWindowMinutes,
    });
    await deleteSession(ctx.db, sessionToken(req));
    const session = await createSession(ctx.db, user.id, ctx.config.sessionDays);
    res.cookie(SESSION_COOKIE, session.token, { ...cookieOptions, expires: session.expiresAt });
    res.json({ user });
  });

  router.post("/logout", async (req, res) => {
    await deleteSession(ctx.db, sessionToken(req));
    res.clearCookie(SESSION_COOKIE, cookieOptions);
    res.status(204).end();
  });

  return router;
}
