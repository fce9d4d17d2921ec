import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_ADMIN, TEST_USER, startTestApi, type TestApi } from "../../../tests/support/test-app";
import { DEVICE_COOKIE, issueDeviceCookie, trustedDeviceOf } from "./device-cookie.server";

/*
 * Strangers who know the admin's user name lock the account with wrong passwords; a browser that has signed
 * in before (its device cookie) keeps its own allowance, and is locked out only by its own failures.
 */

let api: TestApi;

beforeAll(async () => {
  // Behind a trusted proxy on loopback, each request may name its own client address (X-Forwarded-For).
  api = await startTestApi({ env: { TRUST_PROXY: "loopback" } });
});
afterAll(() => api.close());

/** A sign-in from `address`, carrying `cookie` (a browser's Cookie header) when given. */
async function signIn(credentials: { username: string; password: string }, address: string, cookie?: string) {
  const response = await fetch(`${api.baseUrl}/api/login`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-forwarded-for": address,
      ...(cookie ? { cookie } : {}),
    },
    body: JSON.stringify(credentials),
  });
  const setCookies = response.headers.getSetCookie();
  const device = setCookies.find((line) => line.startsWith(`${DEVICE_COOKIE}=`));
  return { status: response.status, setCookies, device, cookie: device?.split(";")[0] };
}

const wrong = { username: TEST_ADMIN.username, password: "not-the-password" };

describe("device cookies", () => {
  it("let the owner's own browser in while strangers have the account locked, and lock a failing one on its own", async () => {
    const laptop = await signIn(TEST_ADMIN, "198.51.100.1");
    const phone = await signIn(TEST_ADMIN, "198.51.100.2");
    const visitor = await signIn(TEST_USER, "198.51.100.3");
    expect([laptop.status, phone.status, visitor.status]).toEqual([200, 200, 200]);
    expect(laptop.setCookies[0]).toMatch(/^session=/);
    expect(laptop.device).toMatch(/; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(laptop.cookie).not.toBe(phone.cookie);

    // Twenty strangers, one wrong password each: the account is locked to anyone without a device cookie.
    const strangers = [];
    for (let index = 1; index <= 20; index++) strangers.push((await signIn(wrong, `203.0.113.${index}`)).status);
    expect(strangers.filter((status) => status === 401)).toHaveLength(10);
    expect(strangers.filter((status) => status === 429)).toHaveLength(10);
    expect((await signIn(TEST_ADMIN, "192.0.2.200")).status).toBe(429);

    // The owner's laptop, from an address the strangers used too: its own allowance, and a new cookie.
    const back = await signIn(TEST_ADMIN, "203.0.113.1", laptop.cookie);
    expect(back.status).toBe(200);
    expect(back.cookie).toMatch(new RegExp(`^${DEVICE_COOKIE}=`));
    expect(back.cookie).not.toBe(laptop.cookie);

    // A forged cookie, or one made for another account, is a stranger's.
    const forged = `${laptop.cookie!.slice(0, -4)}0000`;
    expect((await signIn(TEST_ADMIN, "192.0.2.201", forged)).status).toBe(429);
    expect((await signIn(TEST_ADMIN, "192.0.2.202", visitor.cookie)).status).toBe(429);

    // Someone at the laptop guessing: five failures lock that cookie, the right password included.
    for (let index = 0; index < 5; index++) {
      expect((await signIn(wrong, "198.51.100.1", back.cookie)).status).toBe(401);
    }
    expect((await signIn(TEST_ADMIN, "198.51.100.1", back.cookie)).status).toBe(429);
    // The phone still gets in.
    expect((await signIn(TEST_ADMIN, "198.51.100.2", phone.cookie)).status).toBe(200);

    const audit = await api.db
      .selectFrom("audit_log")
      .select(["actor_name", "action", "target_label", "address"])
      .where("kind", "=", "sign-in")
      .where("actor_name", "=", TEST_ADMIN.username)
      .orderBy("id")
      .execute();
    const lockOuts = audit.filter((entry) => entry.action === "locked out");
    expect(lockOuts.map((entry) => entry.target_label)).toEqual([
      "account: 10 failures in 15 minutes (login-failure-account)",
      "device: 5 failures in 15 minutes (login-failure-device)",
    ]);
    expect(audit.filter((entry) => entry.target_label === "from a trusted device")).toEqual([
      {
        actor_name: TEST_ADMIN.username,
        action: "signed in",
        target_label: "from a trusted device",
        address: "203.0.113.1",
      },
      ...Array.from({ length: 5 }, () => ({
        actor_name: TEST_ADMIN.username,
        action: "sign-in failed",
        target_label: "from a trusted device",
        address: "198.51.100.1",
      })),
      {
        actor_name: TEST_ADMIN.username,
        action: "signed in",
        target_label: "from a trusted device",
        address: "198.51.100.2",
      },
    ]);
  });

  it("are Secure when the site is served over HTTPS, and name the account they were issued for", () => {
    const config = { ...api.ctx.config, publicUrl: "https://barbers.example" };
    const cookie = issueDeviceCookie({ config }, "owner");
    expect(cookie).toMatch(/; Secure/);
    const header = cookie.split(";")[0];
    expect(trustedDeviceOf({ config }, header, "owner")).toMatch(/^[\w-]{22}$/);
    expect(trustedDeviceOf({ config }, header, "someone-else")).toBeUndefined();
    expect(trustedDeviceOf({ config: { ...config, secretKey: "x".repeat(40) } }, header, "owner")).toBeUndefined();
  });
});

describe("the login form without JavaScript", () => {
  it("sets the session and a device cookie, and a device cookie gets its browser past strangers' lock-out", async () => {
    const pages = await startTestApi({ pages: true, env: { TRUST_PROXY: "loopback" } });
    try {
      const postForm = (fields: Record<string, string>, address: string, cookie?: string) =>
        fetch(`${pages.baseUrl}/admin`, {
          method: "POST",
          redirect: "manual",
          headers: {
            "content-type": "application/x-www-form-urlencoded",
            origin: pages.baseUrl,
            accept: "text/html",
            "x-forwarded-for": address,
            ...(cookie ? { cookie } : {}),
          },
          body: new URLSearchParams(fields),
        });
      const first = await postForm(TEST_ADMIN, "198.51.100.10");
      expect(first.status).toBe(302);
      const [session, device] = first.headers.getSetCookie();
      expect(session).toMatch(/^session=/);
      expect(device).toMatch(new RegExp(`^${DEVICE_COOKIE}=.*; HttpOnly; SameSite=Lax$`));

      for (let index = 1; index <= 10; index++) await postForm(wrong, `203.0.113.${100 + index}`);
      expect((await postForm(TEST_ADMIN, "192.0.2.210")).status).toBe(429);
      expect((await postForm(TEST_ADMIN, "198.51.100.10", device!.split(";")[0])).status).toBe(302);
    } finally {
      await pages.close();
    }
  }, 120_000);
});
