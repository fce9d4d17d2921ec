import type { NextFunction, Request, RequestHandler, Response } from "express";
import { Router } from "express";
import type { Db } from "~/db/client.server";
import { parse as parseCookies } from "cookie";
import type { z } from "zod";
import type { AppContext, SessionUser } from "~/context";
import { getSessionUser } from "~/features/auth/auth.server";
import { HttpError, notFound } from "./http-error";
import { parseRowId } from "./schema-fields";

export const SESSION_COOKIE = "session";

export const sessionToken = (req: Request) => parseCookies(req.headers.cookie ?? "")[SESSION_COOKIE];

/** Parses input with a feature's schema; a ZodError becomes a 400 with the schema's messages. */
export const parseInput = <S extends z.ZodType>(schema: S, value: unknown): z.output<S> => schema.parse(value);

/** Route ids are positive integers; anything else names nothing that exists. */
export function parseId(value: string | string[] | undefined, what: string) {
  const id = typeof value === "string" ? parseRowId(value) : null;
  if (id === null) throw notFound(what);
  return id;
}

export const currentUser = (res: Response): SessionUser | null => res.locals.user ?? null;

/** Loads the signed-in user (if any) once per request. */
export function loadUser(ctx: AppContext): RequestHandler {
  return async (req, res, next) => {
    res.locals.user = await getSessionUser(ctx.db, sessionToken(req));
    next();
  };
}

/** Every admin call goes through this: anonymous callers get 401, signed-in non-admins 403. */
export function requireAdmin(_req: Request, res: Response, next: NextFunction) {
  const user = currentUser(res);
  if (!user) throw new HttpError(401, "Not authenticated");
  if (!user.isAdmin) throw new HttpError(403, "Admin access required");
  next();
}

export const clientKey = (req: Request) => req.ip ?? req.socket.remoteAddress ?? "unknown";

export const apiRouter = () => Router({ mergeParams: true });

interface AdminWrites<S extends z.ZodType, T> {
  /** Names the resource in 404 messages, e.g. "Service" → "Service not found". */
  what: string;
  schema: S;
  /** Mount point inside the feature's router, e.g. "/categories"; empty for the router's root. */
  base?: string;
  create: (db: Db, input: z.output<S>) => Promise<T>;
  update?: (db: Db, id: number, input: z.output<S>) => Promise<T>;
  remove: (db: Db, id: number) => Promise<void>;
}

/**
 * The admin's writes of a resource, the same for every feature: create answers
 * 201 with the item, update 200 with the item, delete 204; all admin only.
 */
export function mountAdminWrites<S extends z.ZodType, T>(router: Router, db: Db, writes: AdminWrites<S, T>) {
  const base = writes.base ?? "";
  router.post(base || "/", requireAdmin, async (req, res) => {
    res.status(201).json(await writes.create(db, parseInput(writes.schema, req.body)));
  });
  const { update } = writes;
  if (update) {
    router.put(`${base}/:id`, requireAdmin, async (req, res) => {
      const id = parseId(req.params.id, writes.what);
      res.json(await update(db, id, parseInput(writes.schema, req.body)));
    });
  }
  router.delete(`${base}/:id`, requireAdmin, async (req, res) => {
    await writes.remove(db, parseId(req.params.id, writes.what));
    res.status(204).end();
  });
}
