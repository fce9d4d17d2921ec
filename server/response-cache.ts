import { createHash } from "node:crypto";
import type { Request, RequestHandler, Response } from "express";
import { LRUCache } from "lru-cache";
import { contentVersion } from "~/db/content-version.server";
import type { Db } from "~/db/client.server";
import { hasSessionCookie } from "~/lib/session-cookie";

/*
 * A cache of what anonymous visitors get: rendered pages, their client-side
 * navigation data and the public API lists. Entries are keyed by the content
 * version that a database trigger bumps in the same transaction as any public
 * write, so a change made through any instance (or a script) is seen at once
 * everywhere. Every answer carries an ETag; `Cache-Control: no-cache` lets
 * browsers and a CDN keep a copy and revalidate it with a cheap 304.
 */

export interface CachedResponse {
  status: number;
  headers: [string, string][];
  body: Buffer;
  etag: string;
}

export interface ResponseCacheOptions {
  /** Upper bound on the bytes held; the least recently used entries go first. */
  maxBytes?: number;
  /** Entries also expire with time, for what changes with the clock (a slot that has started). */
  maxAgeMs?: number;
}

export const etagOf = (body: Buffer | string) => `"${createHash("sha1").update(body).digest("base64url")}"`;

export class ResponseCache {
  private readonly entries: LRUCache<string, CachedResponse>;

  constructor(
    private readonly db: Db,
    { maxBytes = 32 * 1024 * 1024, maxAgeMs = 60_000 }: ResponseCacheOptions = {},
  ) {
    this.entries = new LRUCache({
      maxSize: maxBytes,
      // One answer may not crowd out the rest.
      maxEntrySize: maxBytes / 16,
      sizeCalculation: (entry) => Math.max(1, entry.body.length),
      ttl: maxAgeMs,
    });
  }

  /** Only anonymous GETs are shared: a signed-in admin sees personal bits (the Admin link), a customer their details. */
  static isCacheable(req: Request) {
    return (req.method === "GET" || req.method === "HEAD") && !hasSessionCookie(req.headers.cookie);
  }

  async key(req: Request) {
    return this.keyAt(await contentVersion(this.db), req);
  }

  /** The key of a request at a content version the caller has already read. */
  keyAt(version: number, req: Request) {
    return `${version}:${req.originalUrl}`;
  }

  get(key: string) {
    return this.entries.get(key);
  }

  set(key: string, entry: CachedResponse) {
    this.entries.set(key, entry);
  }
}

/** Sends a cached or freshly made answer, with a 304 when the client already holds this version. */
export function sendWithEtag(req: Request, res: Response, entry: CachedResponse) {
  res.status(entry.status);
  for (const [name, value] of entry.headers) res.setHeader(name, value);
  res.setHeader("ETag", entry.etag);
  res.setHeader("Cache-Control", "public, no-cache");
  res.setHeader("Vary", "Cookie");
  if (entry.status === 200 && req.fresh) {
    res.removeHeader("Content-Type");
    res.status(304).end();
    return;
  }
  res.end(req.method === "HEAD" ? undefined : entry.body);
}

/** For public GET routes of the API: answers from the cache, or fills it from the handler's `res.json`. */
export function cachePublicJson(cache: ResponseCache): RequestHandler {
  return async (req, res, next) => {
    if (!ResponseCache.isCacheable(req) || "admin" in req.query) return next();
    const key = await cache.key(req);
    const hit = cache.get(key);
    if (hit) return sendWithEtag(req, res, hit);
    res.json = (payload: unknown) => {
      const body = Buffer.from(JSON.stringify(payload));
      const entry = {
        status: res.statusCode,
        headers: [["Content-Type", "application/json; charset=utf-8"]] as [string, string][],
        body,
        etag: etagOf(body),
      };
      if (req.method === "GET" && res.statusCode === 200) cache.set(key, entry);
      sendWithEtag(req, res, entry);
      return res;
    };
    next();
  };
}

/** The API routes whose answers come only from public content tables (see migration 002). */
export const PUBLIC_API_LISTS = [
  "/services",
  "/products",
  "/gallery",
  "/gallery/categories",
  "/blog",
  "/blog/post/:slug",
  "/faqs",
  "/barbers",
  "/barbers/:slug",
  "/booking-slots",
  "/settings",
];
