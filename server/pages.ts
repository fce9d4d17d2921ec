import { createRequestHandler as createExpressHandler } from "@react-router/express";
import type { NextFunction, Request, Response } from "express";
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "react-router";
import type { AppContext } from "~/context";
import { clientKey } from "~/lib/api.server";
import { hasSessionCookie } from "~/lib/session-cookie";
import { contentVersion } from "~/db/content-version.server";
import type { ShopSettings } from "~/features/settings/settings.schema";
import { loadSettings } from "~/features/settings/settings.server";
import { ResponseCache, etagOf, sendWithEtag } from "./response-cache";

type Build = ServerBuild | (() => Promise<ServerBuild>);

/**
 * Pages whose content comes from outside the public content tables, so the content version cannot vouch
 * for them, and which show personal data (a customer's booking, the admin screens): never stored.
 */
const PRIVATE_PAGES = ["/admin", "/bookings/manage/", "/account", "/reviews/unsubscribe/"];

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

function toWebRequest(req: Request, res: Response) {
  const url = new URL(req.originalUrl, `${req.protocol}://${req.get("host") ?? "localhost"}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, item);
  }
  const controller = new AbortController();
  res.on("close", () => controller.abort());
  return new Request(url, { method: req.method, headers, signal: controller.signal });
}

/**
 * React Router's pages with the shared context plus the per-request user and CSP
 * nonce. Anonymous GETs go through the response cache; the rest (signed-in
 * admins, form posts) straight to React Router.
 */
export function createPagesHandler(ctx: AppContext, build: Build, cache?: ResponseCache) {
  // `version`: the content version the response cache keyed this request by, so the settings need no read.
  const loadContext = (req: Request, res: Response, version?: number): AppLoadContext => {
    let settings: Promise<ShopSettings> | undefined;
    return {
      ...ctx,
      user: res.locals.user ?? null,
      clientKey: clientKey(req),
      cspNonce: res.locals.cspNonce as string,
      settings: () => (settings ??= loadSettings(ctx.db, version)),
    };
  };
  const direct = createExpressHandler({ build, getLoadContext: (req, res) => loadContext(req, res) });
  const render = createRequestHandler(build, process.env.NODE_ENV);

  return async (req: Request, res: Response, next: NextFunction) => {
    const privatePage = isPrivatePage(req);
    if (privatePage || res.locals.user || hasSessionCookie(req.headers.cookie)) {
      res.setHeader("Cache-Control", "private, no-store");
    }
    if (!cache || privatePage || !ResponseCache.isCacheable(req)) return direct(req, res, next);

    const version = await contentVersion(ctx.db);
    const key = cache.keyAt(version, req);
    const hit = cache.get(key);
    if (hit) return sendWithEtag(req, res, hit);

    const response = await render(toWebRequest(req, res), loadContext(req, res, version));
    const body = Buffer.from(await response.arrayBuffer());
    const headers = [...response.headers].filter(([name]) => name !== "set-cookie");
    // The page's inline scripts carry this request's nonce, so the cached copy must replay the matching policy.
    const policy = res.getHeader("Content-Security-Policy");
    if (typeof policy === "string") headers.push(["Content-Security-Policy", policy]);
    const entry = { status: response.status, headers, body, etag: etagOf(body) };
    if (req.method === "GET" && response.status === 200 && !response.headers.has("set-cookie")) cache.set(key, entry);
    sendWithEtag(req, res, entry);
  };
}
