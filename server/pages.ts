import { createRequestHandler as createExpressHandler } from "@react-router/express";
import { writeReadableStreamToWritable } from "@react-router/node";
import type { NextFunction, Request, Response } from "express";
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "react-router";
import type { AppContext, PageRefusal } from "~/context";
import { clientKey } from "~/lib/api.server";
import { parse } from "cookie";
import { customerOfSession, customerSessionTokenOf } from "~/features/account/account.server";
import { BOOKING_CONFIRMATION_COOKIE } from "~/lib/session-cookie";
import { publicVersion } from "~/db/content-version.server";
import type { OpenApiDocument } from "~/lib/api-reference.server";
import { requestContext } from "./request-context";
import { IMPORT_MAX_BYTES } from "~/features/import/import.schema";
import { NONCE_PLACEHOLDER, ResponseCache, etagOf, sendWithEtag, withNonce } from "./response-cache";

type Build = ServerBuild | (() => Promise<ServerBuild>);

/**
 * Pages whose content comes from outside the public content tables, so the content version cannot vouch
 * for them, and which show personal data (a customer's booking, the admin screens): never stored. Stripe's
 * return page among them: its answer is a booking's payment state, read by `session_id` or `reference`, which
 * the cache's key (CACHE_QUERY_PARAMETERS) would strip.
 */
const PRIVATE_PAGES = [
  "/admin",
  "/bookings/manage/",
  "/bookings/paid",
  "/account",
  "/reviews/unsubscribe/",
  "/waitlist",
  // The queue's waits change by the minute, and /queue/{token} is one customer's own.
  "/queue",
  // A purchase's outcome by its Checkout session, and the gift-card settings outside the content version.
  "/gift-cards",
  // A joining's outcome by its Checkout session, and plans outside the content version.
  "/memberships",
];

/** React Router matches decoded paths without regard to case; so must the test that keeps its pages private. */
function isPrivatePage(req: Request) {
  let path = req.path;
  try {
    path = decodeURIComponent(path);
  } catch {
    // A malformed address matches no route; it gets the not-found page.
  }
  path = path.toLowerCase();
  return PRIVATE_PAGES.some((prefix) => path.startsWith(prefix));
}

/**
 * Every form a page posts is a few fields of text, so no page action is handed a body larger than this,
 * whatever its content type; only the admin forms that send images may send more (pageBodyLimit).
 */
export const PAGE_BODY_LIMIT = 64 * 1024;

/**
 * The admin pages whose forms send files (multipart): how many images each may send at once, or one client file
 * to import (up to its own limit).
 */
const UPLOAD_PAGES: Record<string, "one" | "batch" | "client file"> = {
  "/admin/products": "one",
  "/admin/gallery": "one",
  "/admin/blog": "one",
  "/admin/media": "batch",
  "/admin/import": "client file",
};

/**
 * The most a page post may send: a few fields of text, or, for a signed-in admin's multipart post to a page
 * that takes images, as many files as the media upload limit allows on top. Anyone else's post is read no
 * further than the text limit, so a large body costs the server nothing before the admin check.
 */
export function pageBodyLimit(
  req: Request,
  res: Response,
  limits: { uploadMaxFileBytes: number; uploadMaxFiles: number },
) {
  const uploads = UPLOAD_PAGES[req.path.toLowerCase().replace(/\/$/, "")];
  if (!uploads || !res.locals.user || !req.is("multipart/form-data")) return PAGE_BODY_LIMIT;
  if (uploads === "client file") return PAGE_BODY_LIMIT + IMPORT_MAX_BYTES;
  return PAGE_BODY_LIMIT + (uploads === "batch" ? limits.uploadMaxFiles : 1) * limits.uploadMaxFileBytes;
}

class BodyTooLarge extends Error {}

/**
 * Reads a posted body into memory, refusing it as soon as its declared length or the bytes received pass
 * the limit: a large post costs the server no more than the limit, however it is sent. The rest of a
 * refused body is read and dropped, not left unread: closing a connection with unread data resets it, and
 * a browser still sending would then show its own error rather than the site's 413 page.
 */
function readBody(req: Request, limit: number) {
  return new Promise<Buffer>((resolve, reject) => {
    const refuse = () => {
      req.off("data", onData).resume();
      chunks.length = 0;
      reject(new BodyTooLarge());
    };
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
      else refuse();
    };
    if (Number(req.headers["content-length"]) > limit) return refuse();
    req.on("data", onData);
    req.once("end", () => resolve(Buffer.concat(chunks)));
    req.once("error", reject);
  });
}

const FORM_URLENCODED = "application/x-www-form-urlencoded";

/** Whether a multipart body parses: a broken one (a bad boundary, a cut-off part) is the sender's fault. */
async function readsAsForm(body: Buffer, contentType: string) {
  try {
    await new globalThis.Response(new Uint8Array(body), { headers: { "content-type": contentType } }).formData();
    return true;
  } catch {
    return false;
  }
}

async function sendWebResponse(res: Response, response: globalThis.Response) {
  res.status(response.status);
  for (const [name, value] of response.headers) res.append(name, value);
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}

/** `path`: the address to render, when not the one asked (the cache's, without unknown query parameters). */
function toWebRequest(
  req: Request,
  res: Response,
  { body, path = req.originalUrl }: { body?: Buffer; path?: string } = {},
) {
  const url = new URL(path, `${req.protocol}://${req.get("host") ?? "localhost"}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, item);
  }
  const controller = new AbortController();
  res.on("close", () => controller.abort());
  return new Request(url, {
    method: req.method,
    headers,
    signal: controller.signal,
    body: body && new Uint8Array(body),
  });
}

/**
 * React Router's pages with the shared context plus the per-request user and CSP
 * nonce. Anonymous GETs go through the response cache; the rest (signed-in
 * admins, form posts) straight to React Router.
 */
export function createPagesHandler(ctx: AppContext, build: Build, cache?: ResponseCache) {
  // `version`: the content version the response cache keyed this request by, so the settings need no read.
  // `nonce`: the one the page is rendered with, when not this response's (the cache's placeholder).
  const loadContext = (
    req: Request,
    res: Response,
    { version, refusal, nonce }: { version?: number; refusal?: PageRefusal; nonce?: string } = {},
  ): AppLoadContext => {
    return {
      ...requestContext(ctx, version),
      user: res.locals.user ?? null,
      clientKey: clientKey(req),
      cspNonce: nonce ?? (res.locals.cspNonce as string),
      openApiDocument: res.locals.openApiDocument as () => OpenApiDocument,
      refusal,
    };
  };
  const direct = createExpressHandler({ build, getLoadContext: (req, res) => loadContext(req, res) });
  const render = createRequestHandler(build, process.env.NODE_ENV);

  /** The page's error screen with the refusal's status, rendered as for a GET: no action runs. */
  const refuse = async (req: Request, res: Response, refusal: PageRefusal) => {
    const page = toWebRequest(req, res);
    const request = new Request(page.url, { headers: page.headers, signal: page.signal });
    return sendWebResponse(res, await render(request, loadContext(req, res, { refusal })));
  };

  /**
   * A post to a page: its body read under the limit, then React Router's action and render. Every page form
   * posts urlencoded or multipart; any other body is refused here (415, 400) rather than failing in an
   * action as a server error.
   */
  const post = async (req: Request, res: Response) => {
    let body: Buffer;
    try {
      body = await readBody(req, pageBodyLimit(req, res, ctx.config.limits));
    } catch (error) {
      if (!(error instanceof BodyTooLarge)) throw error;
      return refuse(req, res, { status: 413, message: "The form sent was too large." });
    }
    const contentType = (req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
    if (contentType !== FORM_URLENCODED && contentType !== "multipart/form-data") {
      if (body.length > 0) return refuse(req, res, { status: 415, message: "The form was not sent as a form." });
      // A post with nothing in it reads as an empty form.
      req.headers["content-type"] = FORM_URLENCODED;
    }
    if (contentType === "multipart/form-data" && !(await readsAsForm(body, req.headers["content-type"]!))) {
      return refuse(req, res, { status: 400, message: "The form sent could not be read." });
    }
    await sendWebResponse(res, await render(toWebRequest(req, res, { body }), loadContext(req, res)));
  };

  return async (req: Request, res: Response, next: NextFunction) => {
    const privatePage = isPrivatePage(req);
    // The booking page right after its form booked shows that booking: rendered for that visitor alone (its
    // loader marks it no-store), with the address as it is.
    const justBooked = parse(req.headers.cookie ?? "")[BOOKING_CONFIRMATION_COOKIE] !== undefined;
    // Only a session that exists skips the cache: an invented cookie gets the shared page, not a render.
    const customer = await customerOfSession(ctx.db, customerSessionTokenOf(req.headers.cookie));
    if (privatePage || res.locals.user || customer) res.setHeader("Cache-Control", "private, no-store");
    if (req.method !== "GET" && req.method !== "HEAD") return post(req, res);
    if (!cache || privatePage || justBooked || customer || !ResponseCache.isCacheable(req, res)) {
      return direct(req, res, next);
    }

    const version = await publicVersion(ctx.db);
    const path = ResponseCache.cachedPath(req);
    const key = cache.keyAt(version.key, path);
    const hit = cache.get(key);
    if (hit) return sendWithEtag(req, res, hit);

    // Rendered as the cache keys it (no unknown query parameters) and with the placeholder nonce, which
    // each response replaces with its own (the policy header helmet sent with it names that one).
    const response = await render(
      toWebRequest(req, res, { path }),
      loadContext(req, res, { version: version.content, nonce: NONCE_PLACEHOLDER }),
    );
    const body = Buffer.from(await response.arrayBuffer());
    const headers = [...response.headers].filter(([name]) => name !== "set-cookie");
    // A page that says it is this visitor's alone (a one-time form token, their booking) is sent, never kept.
    if (response.headers.get("Cache-Control")?.includes("no-store")) {
      res.status(response.status);
      for (const [name, value] of headers) res.setHeader(name, value);
      res.end(req.method === "HEAD" ? undefined : withNonce(body, res.locals.cspNonce as string));
      return;
    }
    const entry = { status: response.status, headers, body, etag: etagOf(body), hasNonce: true };
    if (req.method === "GET" && response.status === 200 && !response.headers.has("set-cookie")) cache.set(key, entry);
    sendWithEtag(req, res, entry);
  };
}
