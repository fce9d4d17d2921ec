import { createHash } from "node:crypto";
import type { Request, RequestHandler, Response } from "express";
import { contentVersion } from "~/db/content-version.server";
import type { Db } from "~/db/client.server";
import { SESSION_COOKIE } from "~/lib/api.server";

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
  storedAt: number;
}

export interface ResponseCacheOptions {
  /** Upper bound on the bytes held; the least recently used entries go first. */
  maxBytes?: number;
  /** Entries also expire with time, for what changes with the clock (a slot that has started). */
  maxAgeMs?: number;
}

export const etagOf = (body: Buffer | string) => `"${createHash("sha1").update(body).digest("base64url")}"`;

export class ResponseCache {
  private readonly entries = new Map<string, CachedResponse>();
  private bytes = 0;
  private readonly maxBytes: number;
  private readonly maxAgeMs: number;

  constructor(
    private readonly db: Db,
    options: ResponseCacheOptions = {},
  ) {
    this.maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
    this.maxAgeMs = options.maxAgeMs ?? 60_000;
  }

  /** Only anonymous GETs are shared: a signed-in admin sees personal bits (the Admin link). */
  static isCacheable(req: Request) {
    return (req.method === "GET" || req.method === "HEAD") && !req.headers.cookie?.includes(`${SESSION_COOKIE}=`);
  }

  async key(req: Request) {
    return `${await contentVersion(this.db)}:${req.originalUrl}`;
  }

  get(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (Date.now() - entry.storedAt > this.maxAgeMs) {
      this.delete(key);
      return undefined;
    }
    // Re-insert so that Map order is least-recently-used first.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, entry: Omit<CachedResponse, "storedAt">) {
    if (entry.body.length > this.maxBytes / 16) return;
    this.delete(key);
    this.entries.set(key, { ...entry, storedAt: Date.now() });
    this.bytes += entry.body.length;
    for (const [oldest] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  private delete(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.body.length;
  }
}

/** Sends a cached or freshly made answer, with a 304 when the client already holds this version. */
export function sendWithEtag(req: Request, res: Response, entry: Omit<CachedResponse, "storedAt">) {
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
];
