import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectDocumented } from "../../../tests/support/api-contract";
import { hashPassword, verifyPassword } from "./auth.server";
import { TEST_ADMIN, TEST_USER, startTestApi, type TestApi } from "../../../tests/support/test-app";

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi({ onDisk: true, env: { LOGIN_MAX_ATTEMPTS: "3" } });
});
afterAll(() => api.close());

describe("password hashes", () => {
  // The fixture accounts are stored at a lower cost to keep the suite fast; the site's own hashes must not be.
  it("are made at the production scrypt cost and verified with the cost they carry", async () => {
    const hash = await hashPassword("a-long-passphrase");
    expect(hash).toMatch(/^scrypt\$32768\$8\$3\$/);
    expect(await verifyPassword("a-long-passphrase", hash)).toBe(true);
  });
});

describe("sessions", () => {
  it("answers 401 for nobody, then the user after login, and 401 again after logout", async () => {
    const client = api.anonymous();
    expect((await client.get("/api/user")).status).toBe(401);

    const login = await client.post("/api/login", TEST_ADMIN);
    await expectDocumented(login);
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ username: TEST_ADMIN.username, isAdmin: true });
    const cookie = login.headers.get("set-cookie")!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);

    expect((await client.get("/api/user")).body).toMatchObject({ isAdmin: true });
    expect((await client.post("/api/logout")).status).toBe(204);
    expect((await client.get("/api/user")).status).toBe(401);
  });

  it("keeps the session in the database, so a signed-out token stays dead", async () => {
    const client = await api.anonymous().signIn(TEST_USER);
    const sessions = await api.db.selectFrom("sessions").selectAll().execute();
    expect(sessions.length).toBeGreaterThan(0);
    await api.db.deleteFrom("sessions").execute();
    expect((await client.get("/api/user")).status).toBe(401);
  });

  it("validates credentials with the spec's messages", async () => {
    const client = api.anonymous();
    expect((await client.post("/api/login", { username: "", password: "x" })).body.message).toBe(
      "Username is required",
    );
    expect((await client.post("/api/login", { username: "a", password: "" })).body.message).toBe(
      "Password is required",
    );
  });

  it("throttles repeated failures with 429 and a clear message", async () => {
    const client = api.anonymous();
    for (let attempt = 0; attempt < 3; attempt++) {
      const failed = await client.post("/api/login", { username: TEST_ADMIN.username, password: "wrong" });
      expect(failed.status).toBe(401);
      expect(failed.body.message).toBe("Invalid username or password");
    }
    const throttled = await client.post("/api/login", TEST_ADMIN);
    expect(throttled.status).toBe(429);
    expect(throttled.body.message).toMatch(/Too many failed sign-in attempts/);
    await api.db.deleteFrom("rate_limit_events").execute();
  });

  it("lets no more guesses through than the limit when they arrive all at once", async () => {
    const client = api.anonymous();
    const burst = await Promise.all(
      Array.from({ length: 12 }, () => client.post("/api/login", { username: TEST_ADMIN.username, password: "wrong" })),
    );
    const checked = burst.filter((response) => response.status === 401).length;
    expect(checked).toBeLessThanOrEqual(3);
    expect(burst.filter((response) => response.status === 429)).toHaveLength(12 - checked);
    await api.db.deleteFrom("rate_limit_events").execute();
  });

  it("refuses writes that a browser says come from another site", async () => {
    const client = api.anonymous();
    const fromElsewhere = await client.request("POST", "/api/login", {
      json: TEST_ADMIN,
      headers: { origin: "https://evil.example" },
    });
    expect(fromElsewhere.status).toBe(403);
    const crossSite = await client.request("POST", "/api/login", {
      json: TEST_ADMIN,
      headers: { "sec-fetch-site": "cross-site" },
    });
    expect(crossSite.status).toBe(403);
    const sameOrigin = await client.request("POST", "/api/login", {
      json: TEST_ADMIN,
      headers: { origin: api.baseUrl, "sec-fetch-site": "same-origin" },
    });
    expect(sameOrigin.status).toBe(200);
  });

  it("answers 400 for malformed JSON and 413 for a body over the limit", async () => {
    const client = api.anonymous();
    const malformed = await client.request("POST", "/api/login", {
      body: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe("The request body is not valid JSON.");
    const huge = await client.post("/api/login", { username: "x".repeat(200_000), password: "y" });
    expect(huge.status).toBe(413);
  });
});
