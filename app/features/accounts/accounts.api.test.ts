import { generate } from "otplib";
import { resetPassword } from "~/features/auth/auth.server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  TEST_ADMIN,
  TEST_USER,
  createUser,
  nonAdminCallers,
  startTestApi,
  type TestApi,
  type TestClient,
} from "../../../tests/support/test-app";

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi({ onDisk: true, env: { LOGIN_MAX_ATTEMPTS: "3" } });
});
afterAll(() => api.close());

/** A TOTP code of the time step `stepsAhead` from now: the server accepts one step either side. */
const codeFor = (secret: string, stepsAhead = 0): Promise<string> =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });

/** The owner's proof for an account change: their password (no two-factor on the owner account). */
const ownerProof = { currentPassword: TEST_ADMIN.password };

/** Removes an admin as `client`, which gives `proof` (its password, and a code when two-factor is on). */
const removeAs = (client: TestClient, id: number, proof: object) =>
  client.request("DELETE", `/api/accounts/${id}`, { json: proof });

async function newAdmin(username: string) {
  const account = { username, password: `${username}-password-1` };
  await createUser(api.db, account, true);
  return { account, client: await api.anonymous().signIn(account) };
}

const adminId = async (username: string) =>
  (await api.db.selectFrom("users").select("id").where("username", "=", username).executeTakeFirstOrThrow()).id;

async function turnOnTwoFactor(client: TestClient) {
  const setup = await client.post("/api/accounts/me/two-factor/setup");
  expect(setup.status).toBe(200);
  const confirm = await client.post("/api/accounts/me/two-factor/confirm", { code: await codeFor(setup.body.secret) });
  expect(confirm.status).toBe(200);
  return { secret: setup.body.secret as string, recoveryCodes: confirm.body.recoveryCodes as string[] };
}

describe("admin accounts", () => {
  it("lists the admins only, and adds one who can then sign in", async () => {
    const owner = await api.admin();
    const before = await owner.get("/api/accounts");
    expect(before.status).toBe(200);
    expect(before.body.map((account: { username: string }) => account.username)).toEqual([TEST_ADMIN.username]);

    const added = await owner.post("/api/accounts", {
      username: " barber-two ",
      password: "second-admin-pw",
      ...ownerProof,
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ username: "barber-two", twoFactorEnabled: false });
    expect(added.body).not.toHaveProperty("password");
    const login = await api.anonymous().post("/api/login", { username: "barber-two", password: "second-admin-pw" });
    expect(login.body.user).toMatchObject({ username: "barber-two", isAdmin: true });

    const taken = await owner.post("/api/accounts", {
      username: "barber-two",
      password: "another-password",
      ...ownerProof,
    });
    expect(taken.status).toBe(409);
    const short = await owner.post("/api/accounts", { username: "three", password: "short" });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe("Password must be at least 8 characters");
    const nameless = await owner.post("/api/accounts", { username: " ", password: "long-enough" });
    expect(nameless.body.message).toBe("Username is required");
  });

  it("removes another admin and their sessions, never yourself, and answers 404 for no admin", async () => {
    const owner = await api.admin();
    const { client: leaving } = await newAdmin("leaving");
    const self = await removeAs(owner, await adminId(TEST_ADMIN.username), ownerProof);
    expect(self.status).toBe(409);
    expect(self.body.message).toBe("You cannot remove your own account. Ask another admin to do it.");
    expect((await removeAs(owner, await adminId(TEST_USER.username), ownerProof)).status).toBe(404);
    expect((await removeAs(owner, 999999, ownerProof)).status).toBe(404);

    expect((await removeAs(owner, await adminId("leaving"), ownerProof)).status).toBe(204);
    expect((await leaving.get("/api/user")).status).toBe(401);
    expect((await owner.get("/api/accounts")).body.map((a: { username: string }) => a.username)).not.toContain(
      "leaving",
    );
  });

  it("keeps the last admin: the last two removing each other at once leave one", async () => {
    const { account: firstAccount, client: first } = await newAdmin("duel-a");
    const { account: secondAccount, client: second } = await newAdmin("duel-b");
    await api.db.updateTable("users").set({ is_admin: 0 }).where("username", "not like", "duel-%").execute();
    const [a, b] = await Promise.all([
      removeAs(first, await adminId("duel-b"), { currentPassword: firstAccount.password }),
      removeAs(second, await adminId("duel-a"), { currentPassword: secondAccount.password }),
    ]);
    const statuses = [a.status, b.status].sort();
    // The loser finds itself the last admin (409), or already signed out by the winner's removal (401).
    expect(statuses[0]).toBe(204);
    expect([401, 409]).toContain(statuses[1]);
    if (statuses[1] === 409) {
      expect([a, b].find((answer) => answer.status === 409)!.body.message).toBe(
        "The last admin account cannot be removed.",
      );
    }
    const left = await api.db.selectFrom("users").select("id").where("is_admin", "=", 1).execute();
    expect(left).toHaveLength(1);
    await api.db.updateTable("users").set({ is_admin: 1 }).where("username", "!=", TEST_USER.username).execute();
  });

  it("changes your own password with the current one, ending every other session of the account", async () => {
    const { account, client: here } = await newAdmin("changer");
    const elsewhere = await api.anonymous().signIn(account);
    const wrong = await here.put("/api/accounts/me/password", { currentPassword: "nope", newPassword: "brand-new-pw" });
    expect(wrong.status).toBe(403);
    expect(wrong.body.message).toBe("Current password is incorrect");
    const missing = await here.put("/api/accounts/me/password", { currentPassword: "", newPassword: "brand-new-pw" });
    expect(missing.status).toBe(403);
    expect(missing.body.message).toBe("Current password is required");

    const changed = await here.put("/api/accounts/me/password", {
      currentPassword: account.password,
      newPassword: "brand-new-pw",
    });
    expect(changed.status).toBe(204);
    expect((await here.get("/api/user")).status).toBe(200);
    expect((await elsewhere.get("/api/user")).status).toBe(401);
    expect((await api.anonymous().post("/api/login", account)).status).toBe(401);
    expect((await api.anonymous().post("/api/login", { ...account, password: "brand-new-pw" })).status).toBe(200);
    await api.db.deleteFrom("rate_limit_events").execute();
  });
});

describe("re-authentication for account changes", () => {
  it("adds and removes admins only with the password and, with two-factor on, a code: 403 and no change otherwise", async () => {
    const { account, client } = await newAdmin("gatekeeper");
    const { secret, recoveryCodes } = await turnOnTwoFactor(client);
    const newcomer = { username: "newcomer", password: "newcomer-password" };
    const refusals: [object, string][] = [
      [{}, "Current password is required"],
      [{ currentPassword: "not-the-password" }, "Current password is incorrect"],
      [
        { currentPassword: account.password },
        "Enter the code from your authenticator app (or a recovery code) as well",
      ],
      [
        { currentPassword: account.password, code: "000000" },
        "That code is not right. Enter the 6-digit code your authenticator app shows now.",
      ],
    ];
    for (const [proof, message] of refusals) {
      const refused = await client.post("/api/accounts", { ...newcomer, ...proof });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(message);
      const notRemoved = await removeAs(client, await adminId(TEST_ADMIN.username), proof);
      expect(notRemoved.status).toBe(403);
      expect(notRemoved.body.message).toBe(message);
    }
    expect(await api.db.selectFrom("users").select("id").where("username", "=", "newcomer").execute()).toEqual([]);

    const added = await client.post("/api/accounts", {
      ...newcomer,
      currentPassword: account.password,
      code: recoveryCodes[0],
    });
    expect(added.status).toBe(201);
    const removed = await removeAs(client, added.body.id, {
      currentPassword: account.password,
      code: await codeFor(secret, 1),
    });
    expect(removed.status).toBe(204);
    await api.db.deleteFrom("rate_limit_events").execute();
  });

  it("changes the password of an account with two-factor on only with a code as well", async () => {
    const { account, client } = await newAdmin("coded-changer");
    const { recoveryCodes } = await turnOnTwoFactor(client);
    const change = { currentPassword: account.password, newPassword: "coded-new-password" };
    const codeless = await client.put("/api/accounts/me/password", change);
    expect(codeless.status).toBe(403);
    expect((await client.put("/api/accounts/me/password", { ...change, code: recoveryCodes[1] })).status).toBe(204);
  });

  it("ends the account's other sessions when two-factor sign-in is turned on", async () => {
    const { account, client: here } = await newAdmin("tightened");
    const elsewhere = await api.anonymous().signIn(account);
    await turnOnTwoFactor(here);
    expect((await here.get("/api/user")).status).toBe(200);
    expect((await elsewhere.get("/api/user")).status).toBe(401);
  });
});

describe("two-factor sign-in", () => {
  it("turns on only with a right code, and never returns or stores the secret in plain text", async () => {
    const { client } = await newAdmin("careful");
    expect((await client.post("/api/accounts/me/two-factor/confirm", { code: "123456" })).status).toBe(409);
    const setup = await client.post("/api/accounts/me/two-factor/setup");
    expect(setup.body.uri).toMatch(/^otpauth:\/\/totp\/.*careful\?.*secret=/);
    expect(setup.body.qrCode).toMatch(/^data:image\/png;base64,/);
    const wrong = await client.post("/api/accounts/me/two-factor/confirm", { code: "000000" });
    expect(wrong.status).toBe(400);
    expect((await client.get("/api/accounts/me/two-factor")).body).toEqual({ enabled: false, recoveryCodesLeft: 0 });

    const confirmed = await client.post("/api/accounts/me/two-factor/confirm", {
      code: await codeFor(setup.body.secret),
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.recoveryCodes).toHaveLength(10);
    expect(new Set(confirmed.body.recoveryCodes).size).toBe(10);
    expect((await client.get("/api/accounts/me/two-factor")).body).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    expect((await client.post("/api/accounts/me/two-factor/setup")).status).toBe(409);

    const listed = await client.get("/api/accounts");
    expect(listed.body.find((a: { username: string }) => a.username === "careful").twoFactorEnabled).toBe(true);
    expect(listed.text).not.toContain(setup.body.secret);
    const stored = await api.db
      .selectFrom("users")
      .select("two_factor_secret")
      .where("username", "=", "careful")
      .executeTakeFirstOrThrow();
    expect(stored.two_factor_secret).toBeTruthy();
    expect(stored.two_factor_secret).not.toContain(setup.body.secret);
    const codes = await api.db.selectFrom("recovery_codes").select("code_hash").execute();
    for (const code of confirmed.body.recoveryCodes) expect(JSON.stringify(codes)).not.toContain(code);
  });

  it("asks for a code after the password and makes no session until a valid one arrives", async () => {
    const { account, client: owner } = await newAdmin("guarded");
    const { secret } = await turnOnTwoFactor(owner);

    const browser = api.anonymous();
    const first = await browser.post("/api/login", account);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ twoFactorRequired: true });
    expect(first.body).not.toHaveProperty("user");
    expect(first.headers.get("set-cookie")).toBeNull();
    expect((await browser.get("/api/user")).status).toBe(401);

    const wrong = await browser.post("/api/login/verify", { pendingLogin: first.body.pendingLogin, code: "000000" });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe("Invalid code");
    expect((await browser.post("/api/login/verify", { pendingLogin: "made-up", code: "1" })).status).toBe(401);

    const code = await codeFor(secret, 1);
    const verified = await browser.post("/api/login/verify", { pendingLogin: first.body.pendingLogin, code });
    expect(verified.status).toBe(200);
    expect(verified.body.user).toMatchObject({ username: "guarded", isAdmin: true });
    expect((await browser.get("/api/user")).body).toMatchObject({ username: "guarded" });
    // The pending sign-in is used up, and the same code does not work twice.
    expect((await browser.post("/api/login/verify", { pendingLogin: first.body.pendingLogin, code })).status).toBe(401);
    const again = await api.anonymous().post("/api/login", account);
    expect(
      (await api.anonymous().post("/api/login/verify", { pendingLogin: again.body.pendingLogin, code })).status,
    ).toBe(401);
    await api.db.deleteFrom("rate_limit_events").execute();
  });

  it("accepts each recovery code once", async () => {
    const { account, client: owner } = await newAdmin("recovering");
    const { recoveryCodes } = await turnOnTwoFactor(owner);
    const recovery = recoveryCodes[3]!;

    const first = await api.anonymous().post("/api/login", account);
    const used = await api.anonymous().post("/api/login/verify", {
      pendingLogin: first.body.pendingLogin,
      code: ` ${recovery.toUpperCase()} `,
    });
    expect(used.status).toBe(200);
    expect((await owner.get("/api/accounts/me/two-factor")).body.recoveryCodesLeft).toBe(9);

    const second = await api.anonymous().post("/api/login", account);
    const reused = await api
      .anonymous()
      .post("/api/login/verify", { pendingLogin: second.body.pendingLogin, code: recovery });
    expect(reused.status).toBe(401);
    await api.db.deleteFrom("rate_limit_events").execute();
  });

  it("throttles wrong codes like wrong passwords, even a right code once over the limit", async () => {
    const { account, client: owner } = await newAdmin("guessed");
    const { secret } = await turnOnTwoFactor(owner);
    const attacker = api.anonymous();
    const { pendingLogin } = (await attacker.post("/api/login", account)).body;
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await attacker.post("/api/login/verify", { pendingLogin, code: "111111" })).status).toBe(401);
    }
    const throttled = await attacker.post("/api/login/verify", { pendingLogin, code: await codeFor(secret, 1) });
    expect(throttled.status).toBe(429);
    expect(throttled.body.message).toMatch(/Too many failed attempts/);
    expect((await attacker.get("/api/user")).status).toBe(401);
    await api.db.deleteFrom("rate_limit_events").execute();
  });

  it("turns off with the password and a current code, after which the password alone signs in", async () => {
    const { account, client } = await newAdmin("relaxed");
    const { secret } = await turnOnTwoFactor(client);
    const wrong = await client.post("/api/accounts/me/two-factor/disable", { password: "not-it" });
    expect(wrong.status).toBe(403);
    expect(wrong.body.message).toBe("Current password is incorrect");
    // The password alone, as a stolen session's thief who guessed or saw it has: not enough.
    const codeless = await client.post("/api/accounts/me/two-factor/disable", { password: account.password });
    expect(codeless.status).toBe(403);
    expect(codeless.body.message).toBe("Enter the code from your authenticator app (or a recovery code) as well");
    expect((await client.get("/api/accounts/me/two-factor")).body.enabled).toBe(true);
    const off = await client.post("/api/accounts/me/two-factor/disable", {
      currentPassword: account.password,
      code: await codeFor(secret, 1),
    });
    expect(off.status).toBe(204);
    expect((await client.get("/api/accounts/me/two-factor")).body).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    expect((await api.anonymous().post("/api/login", account)).body.user).toMatchObject({ username: "relaxed" });
  });

  it("is turned off, with every session ended, by the operator's password reset", async () => {
    const { account, client } = await newAdmin("locked-out");
    await turnOnTwoFactor(client);
    await resetPassword(api.db, account.username, "reset-by-operator");
    expect((await client.get("/api/user")).status).toBe(401);
    const login = await api.anonymous().post("/api/login", { ...account, password: "reset-by-operator" });
    expect(login.body.user).toMatchObject({ username: account.username });
    expect(
      await api.db.selectFrom("recovery_codes").select("id").where("user_id", "=", login.body.user.id).execute(),
    ).toEqual([]);
  });

  it("refuses every accounts call to anonymous callers (401) and visitors (403)", async () => {
    const calls: [string, string, object?][] = [
      ["GET", "/api/accounts"],
      ["POST", "/api/accounts", { username: "intruder", password: "intruder-pw" }],
      ["DELETE", `/api/accounts/${await adminId(TEST_ADMIN.username)}`],
      ["PUT", "/api/accounts/me/password", { currentPassword: "x", newPassword: "yyyyyyyy" }],
      ["GET", "/api/accounts/me/two-factor"],
      ["POST", "/api/accounts/me/two-factor/setup"],
      ["POST", "/api/accounts/me/two-factor/confirm", { code: "123456" }],
      ["POST", "/api/accounts/me/two-factor/disable", { password: "x" }],
      ["GET", "/api/audit"],
    ];
    for (const [client, status] of await nonAdminCallers(api)) {
      for (const [method, url, json] of calls) {
        expect((await client.request(method, url, { json })).status, `${method} ${url}`).toBe(status);
      }
    }
    expect((await api.db.selectFrom("users").select("id").where("username", "=", "intruder").execute()).length).toBe(0);
  });
});
