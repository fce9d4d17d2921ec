import type { NextFunction, Request, Response } from "express";
import { Router } from "express";
import { isIPv6 } from "node:net";
import type { Db } from "~/db/client.server";
import type { z } from "zod";
import { apiDoc, apiErrorSchema, type ApiAnswer } from "./api-docs.server";
import type { RequestContext, SessionUser } from "~/context";
import { sessionTokenOf } from "./session-cookie";
import { HttpError, notFound } from "./http-error";
import { parseRowId } from "./schema-fields";

export const sessionToken = (req: Request) => sessionTokenOf(req.headers.cookie);

/** Parses input with a feature's schema; a ZodError becomes a 400 with the schema's messages. */
export const parseInput = <S extends z.ZodType>(schema: S, value: unknown): z.output<S> => schema.parse(value);

/** Route ids are positive integers; anything else names nothing that exists. */
export function parseId(value: string | string[] | undefined, what: string) {
  const id = typeof value === "string" ? parseRowId(value) : null;
  if (id === null) throw notFound(what);
  return id;
}

export const currentUser = (res: Response): SessionUser | null => res.locals.user ?? null;

/** This request's context, built first thing by server/http.ts: the shop's settings are read once for it. */
export const requestOf = (res: Response): RequestContext => res.locals.requestContext;

/** Every admin call goes through this: anonymous callers get 401, signed-in non-admins 403. */
export function requireAdmin(_req: Request, res: Response, next: NextFunction) {
  const user = currentUser(res);
  if (!user) throw new HttpError(401, "Not authenticated");
  if (!user.isAdmin) throw new HttpError(403, "Admin access required");
  next();
}

/**
 * The client as the rate limits count it: its IPv4 address, or the /64 network of an IPv6 address, since
 * one subscriber is handed a whole /64 and could otherwise take a new address for every request.
 */
export const clientKey = (req: Request) => addressGroup(req.ip ?? req.socket.remoteAddress ?? "unknown");

export function addressGroup(address: string) {
  if (!isIPv6(address)) return address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  const [head = "", tail = ""] = address.replace(/%.*$/, "").toLowerCase().split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = address.includes("::") ? (tail ? tail.split(":") : []) : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array<string>(Math.max(0, missing)).fill("0"), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

export const apiRouter = () => Router({ mergeParams: true });

interface AdminWrites<S extends z.ZodType, T> {
  /** Names the resource in 404 messages, e.g. "Service" → "Service not found". */
  what: string;
  schema: S;
  /** The schema of the item the create and update calls answer with, for the API document. */
  item: z.ZodType<T>;
  /** Mount point inside the feature's router, e.g. "/categories"; empty for the router's root. */
  base?: string;
  /** `request` carries the request's settings, for the writes whose rules read them. */
  create: (db: Db, input: z.output<S>, request: RequestContext) => Promise<T>;
  update?: (db: Db, id: number, input: z.output<S>, request: RequestContext) => Promise<T>;
  /** The update's own 409, where it refuses for more than a clash (documented instead of the generic one). */
  updateConflict?: ApiAnswer;
  remove: (db: Db, id: number) => Promise<void>;
}

/**
 * The admin's writes of a resource, the same for every feature: create answers
 * 201 with the item, update 200 with the item, delete 204; all admin only.
 */
export function mountAdminWrites<S extends z.ZodType, T>(router: Router, db: Db, writes: AdminWrites<S, T>) {
  const { what, schema, item } = writes;
  const base = writes.base ?? "";
  const refused = {
    400: [`The ${what} fails its rules; nothing changed`, apiErrorSchema],
    409: ["It clashes with an existing record (a taken order or name)", apiErrorSchema],
  } as const;
  router.post(
    base || "/",
    apiDoc({ summary: `Add (${what})`, body: schema, responses: { 201: [`The new ${what}`, item], ...refused } }),
    requireAdmin,
    async (req, res) => {
      res.status(201).json(await writes.create(db, parseInput(schema, req.body), requestOf(res)));
    },
  );
  const { update } = writes;
  if (update) {
    router.put(
      `${base}/:id`,
      apiDoc({
        summary: `Replace (${what})`,
        body: schema,
        responses: {
          200: [`The saved ${what}`, item],
          ...refused,
          ...(writes.updateConflict && { 409: writes.updateConflict }),
        },
      }),
      requireAdmin,
      async (req, res) => {
        const id = parseId(req.params.id, what);
        res.json(await update(db, id, parseInput(schema, req.body), requestOf(res)));
      },
    );
  }
  router.delete(
    `${base}/:id`,
    apiDoc({
      summary: `Delete (${what})`,
      responses: { 204: ["Deleted"], 409: ["Still in use; nothing changed", apiErrorSchema] },
    }),
    requireAdmin,
    async (req, res) => {
      await writes.remove(db, parseId(req.params.id, what));
      res.status(204).end();
    },
  );
}
