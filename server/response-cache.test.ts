import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi, type TestClient } from "../tests/support/test-app";

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
