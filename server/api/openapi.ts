import { z } from "zod";
import { apiErrorSchema, docOf, type ApiAnswer, type ApiDoc } from "~/lib/api-docs.server";
import { requireAdmin } from "~/lib/api.server";
import type { OpenApiDocument } from "~/lib/api-reference.server";

/** One method on one path as Express routes it, with what the route's handlers say about it. */
export interface MountedRoute {
  method: string;
  /** Express syntax, from the router's mount point: `/api/services/:id`. */
  path: string;
  doc: ApiDoc | undefined;
  admin: boolean;
}

interface RouterLayer {
  rawPath?: string | string[];
  route?: { path: string | string[]; methods: Record<string, boolean>; stack: { handle: unknown }[] };
  handle: { stack?: RouterLayer[] };
}

const joinPaths = (prefix: string, path: string) => (prefix + (path === "/" ? "" : path)).replace(/\/+$/, "") || "/";

/**
 * Every route reachable through `router`, found by walking Express's own layer stacks,
 * so a route added anywhere shows up here whether or not anyone documented it.
 */
export function mountedRoutes(router: { stack: unknown[] }, prefix = ""): MountedRoute[] {
  const routes: MountedRoute[] = [];
  for (const layer of router.stack as RouterLayer[]) {
    if (layer.route) {
      const handlers = layer.route.stack.map((entry) => entry.handle);
      const doc = handlers.map(docOf).find((found) => found !== undefined);
      const admin = handlers.includes(requireAdmin);
      for (const path of [layer.route.path].flat()) {
        for (const method of Object.keys(layer.route.methods)) {
          routes.push({ method, path: joinPaths(prefix, path), doc, admin });
        }
      }
    } else if (Array.isArray(layer.handle.stack)) {
      for (const path of [layer.rawPath ?? "/"].flat()) {
        routes.push(...mountedRoutes({ stack: layer.handle.stack }, joinPaths(prefix, path)));
      }
    }
  }
  return routes;
}

/** `/api/services/:id` → `/api/services/{id}`. */
export const openApiPath = (expressPath: string) => expressPath.replace(/:(\w+)/g, "{$1}");

const pathParameters = (expressPath: string) => [...expressPath.matchAll(/:(\w+)/g)].map((match) => match[1]!);

function jsonSchema(schema: z.ZodType, io: "input" | "output") {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" });
  return rest;
}

const DEFAULT_ERRORS: Record<number, string> = {
  400: "The input failed its rules: `message` says why, `issues` lists each field's message",
  401: "Not signed in",
  403: "Signed in, but not as an admin",
  404: "Nothing with that id or name",
};

function responsesOf(route: MountedRoute, doc: ApiDoc) {
  const answers: Record<number, ApiAnswer> = { ...doc.responses };
  const errors = [
    ...(doc.body || doc.query || doc.multipart ? [400] : []),
    ...(route.admin || doc.adminWhen ? [401, 403] : []),
    ...(pathParameters(route.path).length > 0 ? [404] : []),
  ];
  for (const status of errors) answers[status] ??= [DEFAULT_ERRORS[status]!, apiErrorSchema];
  return Object.fromEntries(
    Object.entries(answers).map(([status, [description, schema, contentType = "application/json"]]) => [
      status,
      schema ? { description, content: { [contentType]: { schema: jsonSchema(schema, "output") } } } : { description },
    ]),
  );
}

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** `get /api/services/:id` → `getServicesById`; `/calendar.ics` → `CalendarIcs`. */
const operationId = (route: MountedRoute) =>
  route.method +
  route.path
    .split("/")
    .slice(2)
    .map((part) =>
      part.startsWith(":")
        ? `By${capitalised(part.slice(1))}`
        : part
            .split(/[^a-zA-Z0-9]+/)
            .map(capitalised)
            .join(""),
    )
    .join("");

function operation(route: MountedRoute, doc: ApiDoc) {
  const segments = route.path.split("/").filter(Boolean);
  const parameters = [
    ...pathParameters(route.path).map((name) => ({ name, in: "path", required: true, schema: { type: "string" } })),
    ...Object.entries(doc.query?.shape ?? {}).map(([name, schema]) => ({
      name,
      in: "query",
      required: !(schema as z.ZodType).safeParse(undefined).success,
      schema: jsonSchema(schema as z.ZodType, "input"),
    })),
  ];
  const requestBody = doc.body
    ? { required: true, content: { "application/json": { schema: jsonSchema(doc.body, "input") } } }
    : doc.multipart
      ? { required: true, content: { "multipart/form-data": { schema: jsonSchema(doc.multipart, "input") } } }
      : undefined;
  const description = [doc.description, doc.adminWhen && `Admin only ${doc.adminWhen}.`].filter(Boolean).join("\n\n");
  return {
    operationId: operationId(route),
    tags: [doc.tag ?? segments[1] ?? "api"],
    summary: doc.summary,
    ...(description ? { description } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: responsesOf(route, doc),
    ...(route.admin ? { security: [{ session: [] }] } : {}),
  };
}

/** The OpenAPI 3.1 document of every documented route under `router` (mounted at `prefix`). */
export function buildOpenApiDocument(router: { stack: unknown[] }, prefix: string) {
  const paths: Record<string, Record<string, ReturnType<typeof operation>>> = {};
  for (const route of mountedRoutes(router, prefix)) {
    if (!route.doc) continue;
    const operations = (paths[openApiPath(route.path)] ??= {});
    operations[route.method] ??= operation(route, route.doc);
  }
  return {
    openapi: "3.1.1",
    info: {
      title: "Oldham Barbers API",
      version: "1.0.0",
      description:
        "The shop's REST API: public content, booking and contact for everyone; the admin's writes behind a session cookie from `POST /api/login`. Errors answer `{message}` (plus `issues` for invalid input).",
    },
    servers: [{ url: "/" }],
    paths,
    components: {
      securitySchemes: {
        session: { type: "apiKey", in: "cookie", name: "session", description: "Set by POST /api/login" },
      },
    },
  };
}

const documents = new WeakMap<object, OpenApiDocument>();

/**
 * The document of the API router mounted at /api, built on first use from its routes, so it describes
 * exactly what this process serves, and kept for the process's life (routes are not added later).
 */
export function openApiDocumentOf(api: { stack: unknown[] }) {
  let document = documents.get(api);
  // zod types its JSON Schemas for writing them (boolean schemas, every keyword); the page reads the few it shows.
  if (!document) documents.set(api, (document = buildOpenApiDocument(api, "/api") as OpenApiDocument));
  return document;
}
