import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Request } from "express";
import { startTestApi, type TestApi } from "../tests/support/test-app";
import { ResponseCache } from "./response-cache";

/*
 * Cached pages: each response gets a nonce of its own, only a real session skips the cache, and neither an
 * invented cookie nor an invented query parameter makes the server render a page again.
 */

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi({ pages: true, cache: true });
}, 120_000);
afterAll(() => api.close());

const nonceOfPolicy = (policy: string | null) => /'nonce-([^']+)'/.exec(policy ?? "")?.[1];
const noncesOfPage = (html: string) => new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]));

describe("a page served from the response cache", () => {
  it("carries a fresh nonce in each response, the one its policy header names", async () => {
    const first = await api.anonymous().get("/prices");
    const second = await api.anonymous().get("/prices");
    expect(second.headers.get("etag")).toBe(first.headers.get("etag"));

    const nonces = [first, second].map((page) => {
      const nonce = nonceOfPolicy(page.headers.get("content-security-policy"));
      expect(nonce).toBeTruthy();
      expect(noncesOfPage(page.text)).toEqual(new Set([nonce]));
      return nonce;
    });
    expect(nonces[0]).not.toBe(nonces[1]);
    // A nonce in the page is this browser's alone: no shared cache may keep it.
    expect(second.headers.get("cache-control")).toBe("private, no-cache");
  });

  it("answers a revalidation with 304 and no policy, so the browser keeps its copy's", async () => {
    const first = await api.anonymous().get("/prices");
    const again = await api.anonymous().request("GET", "/prices", {
      headers: { "if-none-match": first.headers.get("etag")!, "cache-control": "max-age=0" },
    });
    expect(again.status).toBe(304);
    expect(again.headers.get("content-security-policy")).toBeNull();
  });

  it("is skipped only for a real session, not for an invented session cookie", async () => {
    const cached = (await api.anonymous().get("/faq")).headers.get("etag");
    expect(cached).toBeTruthy();
    for (const cookie of ["session=invented", "xsession=1", "my-session=1"]) {
      const page = await api.anonymous().request("GET", "/faq", { headers: { cookie } });
      expect(page.headers.get("etag"), cookie).toBe(cached);
    }
    // A signed-in admin's page is rendered for them (the header shows the Admin link), never cached.
    const admin = await api.admin();
    const own = await admin.get("/faq");
    expect(own.headers.get("etag")).toBeNull();
    expect(own.headers.get("cache-control")).toBe("private, no-store");
  });

  it("keys and renders the page without query parameters no page reads", async () => {
    const plain = await api.anonymous().get("/blog");
    const invented = await api.anonymous().get("/blog?utm_source=x&zz=%3Cb%3Einvented%3C%2Fb%3E");
    expect(invented.status).toBe(200);
    expect(invented.headers.get("etag")).toBe(plain.headers.get("etag"));
    expect(invented.text).not.toContain("invented");
    // A parameter a page does read still makes a page of its own.
    const sorted = await api.anonymous().get("/products?sort=price-low&utm_source=x");
    const sortedAgain = await api.anonymous().get("/products?sort=price-low");
    expect(sorted.headers.get("etag")).toBe(sortedAgain.headers.get("etag"));
    expect(sorted.headers.get("etag")).not.toBe((await api.anonymous().get("/products")).headers.get("etag"));
  });

  it("sends no HSTS over plain HTTP", async () => {
    const page = await api.anonymous().get("/prices");
    expect(page.headers.get("strict-transport-security")).toBeNull();
  });
});

describe("the cache key of a request", () => {
  const keyOf = (originalUrl: string) => ResponseCache.cachedPath({ originalUrl } as Request);

  it("keeps the parameters pages and React Router read, sorted by name, and drops the rest", () => {
    expect(keyOf("/blog?utm_source=x&fbclid=1")).toBe("/blog");
    expect(keyOf("/bookings?service=2&date=2030-01-02&service=1&zz=1")).toBe(
      "/bookings?date=2030-01-02&service=2&service=1",
    );
    expect(keyOf("/__manifest?paths=%2Ffaq%2C%2Fblog&version=abc123&x=1")).toBe(
      "/__manifest?paths=%2Ffaq%2C%2Fblog&version=abc123",
    );
    expect(keyOf("/faq.data?_routes=root%2Croutes%2Ffaq&junk=1")).toBe("/faq.data?_routes=root%2Croutes%2Ffaq");
  });
});

describe("HSTS behind a trusted proxy", () => {
  let proxied: TestApi;
  beforeAll(async () => {
    proxied = await startTestApi({ env: { TRUST_PROXY: "loopback" } });
  });
  afterAll(() => proxied.close());

  it("is sent when the proxy says the visitor came over https, and not when over http", async () => {
    const overHttps = await proxied
      .anonymous()
      .request("GET", "/api/services", { headers: { "x-forwarded-proto": "https" } });
    expect(overHttps.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    const overHttp = await proxied
      .anonymous()
      .request("GET", "/api/services", { headers: { "x-forwarded-proto": "http" } });
    expect(overHttp.headers.get("strict-transport-security")).toBeNull();
  });
});
