import type { RequestHandler } from "express";
import type { AppContext } from "~/context";
import { getSessionUser } from "~/features/auth/auth.server";
import { sessionToken } from "~/lib/api.server";

/** Loads the signed-in user (if any) once per request. */
export function loadUser(ctx: AppContext): RequestHandler {
  return async (req, res, next) => {
    res.locals.user = await getSessionUser(ctx.db, sessionToken(req));
    next();
  };
}
