import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuditEntry } from "~/features/audit/audit.schema";
import { TEST_ADMIN, createUser, startTestApi, type TestApi } from "../../../tests/support/test-app";

/*
 * Sign-ins in the audit log: successes, failures, codes used and refused (lock-outs: server/rate-limits.test.ts),
 * each with the client address and the account, never a password or a code.
 */

let api: TestApi;

beforeAll(async () => {
  // Behind a trusted proxy on loopback, each request may name its own client address (X-Forwarded-For).
  api = await startTestApi({ env: { TRUST_PROXY: "loopback" } });
});
afterAll(() => api.close());

const from = (address: string) => ({ "x-forwarded-for": address });

describe("the sign-in audit", () => {
  it("records the codes used and refused with two-factor sign-in on", async () => {
    const account = { username: "deputy", password: "deputy-password-1" };
    await createUser(api.db, account, true);
    const client = await api.anonymous().signIn(account);
    const setup = await client.post("/api/accounts/me/two-factor/setup");
    const confirmed = await client.post("/api/accounts/me/two-factor/confirm", {
      code: await generate({ secret: setup.body.secret }),
    });
    expect(confirmed.status).toBe(200);
    await api.db.updateTable("users").set({ two_factor_last_step: null }).execute();

    const signIn = async (code: string) => {
      const browser = api.anonymous();
      const first = await browser.request("POST", "/api/login", { json: account, headers: from("192.0.2.60") });
      return browser.request("POST", "/api/login/verify", {
        json: { pendingLogin: first.body.pendingLogin, code },
        headers: from("192.0.2.60"),
      });
    };
    expect((await signIn("000000")).status).toBe(401);
    expect((await signIn(await generate({ secret: setup.body.secret }))).status).toBe(200);
    expect((await signIn(confirmed.body.recoveryCodes[0])).status).toBe(200);

    const log = await api.db
      .selectFrom("audit_log")
      .select(["actor_name", "action", "address"])
      .where("kind", "=", "sign-in")
      .where("address", "=", "192.0.2.60")
      .orderBy("id")
      .execute();
    expect(log.map((entry) => entry.action)).toEqual([
      "password accepted, code asked",
      "two-factor code refused",
      "password accepted, code asked",
      "signed in with a two-factor code",
      "password accepted, code asked",
      "signed in with a recovery code",
    ]);
    expect(new Set(log.map((entry) => entry.actor_name))).toEqual(new Set(["deputy"]));
    const stored = JSON.stringify(await api.db.selectFrom("audit_log").selectAll().execute());
    expect(stored).not.toContain(confirmed.body.recoveryCodes[0]);
    expect(stored).not.toContain(account.password);
  });

  it("records failures, successes and lock-outs with the address and account, never the password", async () => {
    const tries = [
      { username: TEST_ADMIN.username, password: "wrong-secret-1" },
      { username: "wrong-secret-2", password: "wrong-secret-3" },
      TEST_ADMIN,
    ];
    for (const body of tries)
      await api.anonymous().request("POST", "/api/login", { json: body, headers: from("192.0.2.50") });
    const owner = await api.admin();
    const log = (await owner.get<AuditEntry[]>("/api/audit?kind=sign-in")).body;
    expect(log.slice(0, 4).map((entry) => [entry.admin, entry.action, entry.address])).toEqual([
      [TEST_ADMIN.username, "signed in", "127.0.0.1"],
      [TEST_ADMIN.username, "signed in", "192.0.2.50"],
      ["(unknown account)", "sign-in failed", "192.0.2.50"],
      [TEST_ADMIN.username, "sign-in failed", "192.0.2.50"],
    ]);
    const stored = JSON.stringify(await api.db.selectFrom("audit_log").selectAll().execute());
    for (const secret of ["wrong-secret-1", "wrong-secret-2", "wrong-secret-3", TEST_ADMIN.password]) {
      expect(stored).not.toContain(secret);
    }
  });
});
