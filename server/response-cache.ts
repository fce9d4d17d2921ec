import { createHash, randomBytes } from "node:crypto";
import type { Request, RequestHandler, Response } from "express";
import { LRUCache } from "lru-cache";
import { publicVersion } from "~/db/content-version.server";
import type { Db } from "~/db/client.server";

/*
 * A cache of what anonymous visitors get: rendered pages, their client-side
 * navigation data and the public API lists. Entries are keyed by the content
 * and booking-slot versions that database triggers bump in the same transaction
 * as any public write, so a change made through any instance (or a script) is seen at once
 * everywhere. Every answer carries an ETag; `Cache-Control: no-cache` lets
 * browsers and a CDN keep a copy and revalidate it with a cheap 304.
 */

export interface CachedResponse {
  status: number;
  headers: [string, string][];
  body: Buffer;
  etag: string;
  /** A page: its body carries NONCE_PLACEHOLDER where each response puts its own CSP nonce. */
  hasNonce?: boolean;
}

/**
 * What a cached page is rendered with in place of a CSP nonce: random per process, so no content can
 * carry it, and made of hex digits, which no HTML attribute or script string escapes.
 */
export const NONCE_PLACEHOLDER = randomBytes(16).toString("hex");

/**
 * The query parameters that public pages and lists read (their query schemas, the booking page's choices)
 * and React Router's own on data and route-discovery (`/__manifest`) requests. Others change no answer, so they are left out of the cache key
 * and of the page rendered for it: an invented parameter neither forces a render nor fills the cache.
 */
export const CACHE_QUERY_PARAMETERS = new Set([
  "_routes",
  "index",
  "paths",
  "version",
  "q",
  "sort",
  "category",
  "service",
  "barber",
  "date",
  "time",
  "month",
  "repeat",
  "everyWeeks",
  "times",
  "from",
  "to",
  "ifAvailable",
]);

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

  /**
   * Only anonymous GETs are shared: a signed-in admin sees personal bits (the Admin link). Anonymous means
   * no session found for the request (loadUser ran before), so an invented session cookie gets the cached
   * page rather than a render of its own.
   */
  static isCacheable(req: Request, res: Response) {
    return (req.method === "GET" || req.method === "HEAD") && !res.locals.user;
  }

  /** The request's path with only the query parameters that change an answer, sorted by name. */
  static cachedPath(req: Request) {
    const url = new URL(req.originalUrl, "http://cache.invalid");
    const kept = [...url.searchParams].filter(([name]) => CACHE_QUERY_PARAMETERS.has(name));
    // Sorted by name only: the order of a repeated parameter's values (the booking's services) is kept.
    kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const query = new URLSearchParams(kept).toString();
    return query ? `${url.pathname}?${query}` : url.pathname;
  }

  async key(req: Request) {
    return this.keyAt((await publicVersion(this.db)).key, ResponseCache.cachedPath(req));
  }

  /** The key of a path (see cachedPath) at a public version (publicVersion's key) the caller has already read. */
  keyAt(version: string, path: string) {
    return `${version}:${path}`;
  }

  get(key: string) {
    return this.entries.get(key);
  }

  set(key: string, entry: CachedResponse) {
    this.entries.set(key, entry);
  }
}

/**
 * Sends a cached or freshly made answer, with a 304 when the client already holds this version. A page
 * gets this response's nonce; it is kept by the browser alone (`private`), since a shared copy would give
 * its nonce to every visitor, and a 304 carries no policy, so the browser keeps the one stored with its copy.
 */
export function sendWithEtag(req: Request, res: Response, entry: CachedResponse) {
  res.status(entry.status);
  for (const [name, value] of entry.headers) res.setHeader(name, value);
  res.setHeader("ETag", entry.etag);
  res.setHeader("Cache-Control", entry.hasNonce ? "private, no-cache" : "public, no-cache");
  res.setHeader("Vary", "Cookie");
  if (entry.status === 200 && req.fresh) {
    res.removeHeader("Content-Type");
    res.removeHeader("Content-Security-Policy");
    res.status(304).end();
    return;
  }
  if (req.method === "HEAD") return void res.end();
  const nonce = res.locals.cspNonce as string | undefined;
  res.end(entry.hasNonce && nonce ? withNonce(entry.body, nonce) : entry.body);
}

/** A page rendered with NONCE_PLACEHOLDER, carrying this response's nonce instead. */
export const withNonce = (body: Buffer, nonce: string) =>
  Buffer.from(body.toString("latin1").replaceAll(NONCE_PLACEHOLDER, nonce), "latin1");

/** For public GET routes of the API: answers from the cache, or fills it from the handler's `res.json`. */
export function cachePublicJson(cache: ResponseCache): RequestHandler {
  return async (req, res, next) => {
    if (!ResponseCache.isCacheable(req, res) || "admin" in req.query) return next();
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
