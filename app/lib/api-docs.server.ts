import type { NextFunction } from "express";
import { z } from "zod";

/**
 * The documentation of one REST call, written next to its handler:
 *
 *   router.get("/:slug", apiDoc({ summary: "One barber", responses: { 200: ["The barber", barberSchema] } }), handler)
 *
 * The OpenAPI document (/api/openapi.json) is built by walking the mounted routers, so the path,
 * the method and the mount point come from Express itself; an admin guard (`requireAdmin`) in the
 * same route adds the session cookie and the 401/403 answers, a `:param` in the path its 404, and a
 * body or query schema its 400. A route without an `apiDoc` fails the contract test.
 */
export interface ApiDoc {
  summary: string;
  description?: string;
  /** The group the call is listed under; by default the first path segment after /api (`services`). */
  tag?: string;
  /** Query parameters: an object schema whose keys are the parameter names. */
  query?: z.ZodObject;
  /** The JSON body, read with the same schema the handler parses it with. */
  body?: z.ZodType;
  /** A multipart/form-data body instead, as the form fields' schema (files as `z.file()`). */
  multipart?: z.ZodObject;
  /** Answers by status: a description, and the JSON body's schema when there is one. */
  responses: Record<number, ApiAnswer>;
  /** For calls that are admin-only only in some forms (e.g. `?admin=true`): said here, in words. */
  adminWhen?: string;
}

/** `[description]`, `[description, schema of the JSON body]` or `[description, schema, content type]`. */
export type ApiAnswer = readonly [description: string, schema?: z.ZodType, contentType?: string];

const DOC = Symbol.for("oldham-barbers.api-doc");

/** Takes any request, so Express still infers the route's own parameter types from its path. */
export type DocumentedHandler = ((_req: unknown, _res: unknown, next: NextFunction) => void) & { [DOC]: ApiDoc };

/** A pass-through middleware carrying the route's documentation for the OpenAPI document. */
export function apiDoc(doc: ApiDoc): DocumentedHandler {
  const handler = (_req: unknown, _res: unknown, next: NextFunction) => next();
  return Object.assign(handler, { [DOC]: doc });
}

export const docOf = (handler: unknown): ApiDoc | undefined =>
  typeof handler === "function" ? (handler as Partial<DocumentedHandler>)[DOC] : undefined;

/** Every error answer of the API: `{message}`, plus `issues` when input failed its schema. */
export const apiErrorSchema = z.object({
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
