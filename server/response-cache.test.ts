import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi, type TestClient } from "../tests/support/test-app";
import { ResponseCache } from "./response-cache";

const service = {
  title: "Skin Fade",
  price: 18,
  description: "Fade.",
  category: "hair",
  icon: "Scissors",
  duration: 40,
};

let api: TestApi;
let admin: TestClient;

beforeAll(async () => {
  api = await startTestApi({ cache: true });
  admin = await api.admin();
});
afterAll(() => api.close());

describe("response cache", () => {
  it("answers a repeat with an ETag and 304 when the client holds it", async () => {
    const first = await api.anonymous().get("/api/services");
    const etag = first.headers.get("etag");
    expect(etag).toBeTruthy();
    expect(first.headers.get("cache-control")).toBe("public, no-cache");
    // Sent as a browser revalidates; without a Cache-Control of its own, fetch would add "no-cache".
    const again = await api.anonymous().request("GET", "/api/services", {
      headers: { "if-none-match": etag!, "cache-control": "max-age=0" },
    });
    expect(again.status).toBe(304);
  });

  it("shows a change at once, made by anyone", async () => {
    expect((await api.anonymous().get("/api/services")).body).toEqual([]);
    const created = await admin.post("/api/services", service);
    expect((await api.anonymous().get("/api/services")).body).toEqual([created.body]);
    // A write that bypasses the API (an import script, another instance) is seen too.
    await api.db.updateTable("services").set({ title: "Renamed" }).execute();
    expect((await api.anonymous().get("/api/services")).body[0].title).toBe("Renamed");
  });

  it("never shares what a signed-in caller or an admin list sees", async () => {
    const adminList = await admin.get("/api/booking-slots?admin=true");
    expect(adminList.status).toBe(200);
    expect(adminList.headers.get("cache-control")).toBe("no-store");
    expect((await api.anonymous().get("/api/booking-slots?admin=true")).status).toBe(401);
  });
});

describe("response cache bounds", () => {
  const answer = (bytes: number) => ({ status: 200, headers: [], body: Buffer.alloc(bytes), etag: '"x"' });

  it("holds at most its bytes, dropping the least recently used, and never one oversized answer", () => {
    const cache = new ResponseCache(api.db, { maxBytes: 1600 });
    for (let index = 0; index < 16; index++) cache.set(`page-${index}`, answer(100));
    expect(cache.get("page-0")).toBeDefined();
    cache.set("page-16", answer(100));
    expect(cache.get("page-0")).toBeDefined();
    expect(cache.get("page-1")).toBeUndefined();
    cache.set("huge", answer(101));
    expect(cache.get("huge")).toBeUndefined();
  });

  it("forgets an answer after its time", async () => {
    const cache = new ResponseCache(api.db, { maxAgeMs: 20 });
    cache.set("page", answer(10));
    expect(cache.get("page")).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(cache.get("page")).toBeUndefined();
  });
});
