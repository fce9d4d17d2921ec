import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, shopToday } from "~/lib/shop-time";
import { addService, bookAppointment } from "../../../tests/support/bookings";
import { closedSmtpUrl, startSmtpSink, type SmtpSink } from "../../../tests/support/smtp-sink";
import { nonAdminCallers, startTestApi, type TestApi, type TestClient } from "../../../tests/support/test-app";
import { DEFAULT_SETTINGS } from "./shop-settings";

/* The outgoing mail server set on the settings screen: stored sealed, never answered, used by the next mail. */

const LOGIN = { user: "shop-login", password: "s3cret-smtp-Pa55" };
const SHOP = "owner@oldham-barbers.test";

let sink: SmtpSink;
let api: TestApi;
let admin: TestClient;

beforeAll(async () => {
  sink = await startSmtpSink({ login: LOGIN });
  api = await startTestApi();
  admin = await api.admin();
  expect((await admin.put("/api/settings", { ...DEFAULT_SETTINGS, email: SHOP })).status).toBe(200);
});
afterAll(async () => {
  await api.close();
  await sink.close();
});

const sinkPort = () => Number(new URL(sink.url).port);
const server = (patch: object = {}) => ({
  host: "127.0.0.1",
  port: sinkPort(),
  user: LOGIN.user,
  password: LOGIN.password,
  from: "Oldham Barbers <bookings@oldham-barbers.test>",
  ...patch,
});

describe("/api/settings/mail", () => {
  it("starts empty, with mail off, and is for admins only", async () => {
    expect((await admin.get("/api/settings/mail")).body).toEqual({
      host: "",
      port: 587,
      user: "",
      from: "",
      passwordSet: false,
      fromEnvironment: false,
    });
    expect(api.ctx.mailer.enabled).toBe(false);
    for (const [client, status] of await nonAdminCallers(api)) {
      expect((await client.get("/api/settings/mail")).status).toBe(status);
      expect((await client.put("/api/settings/mail", server())).status).toBe(status);
      expect((await client.post("/api/settings/mail/test")).status).toBe(status);
    }
    const refused = await admin.post("/api/settings/mail/test");
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("No mail server is set up yet. Save one first.");
  });

  it("stores the server with its password sealed, never answers the password, and mails through it", async () => {
    const saved = await admin.put("/api/settings/mail", server());
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      host: "127.0.0.1",
      port: sinkPort(),
      user: LOGIN.user,
      from: "Oldham Barbers <bookings@oldham-barbers.test>",
      passwordSet: true,
      fromEnvironment: false,
    });
    for (const answer of [saved, await admin.get("/api/settings/mail"), await admin.get("/api/settings")]) {
      expect(answer.text).not.toContain(LOGIN.password);
    }
    const row = await api.db.selectFrom("mail_settings").selectAll().executeTakeFirstOrThrow();
    expect(row.password_sealed).toMatch(/^v1\./);
    expect(row.password_sealed).not.toContain(LOGIN.password);

    const tested = await admin.post("/api/settings/mail/test");
    expect(tested.status).toBe(200);
    expect(tested.body).toEqual({ message: `Test mail sent to ${SHOP}.` });
    const [mail] = sink.to(SHOP);
    expect(mail?.subject).toBe("Test mail from your booking site");
    expect(mail?.headers.get("from")).toContain("bookings@oldham-barbers.test");

    // Any other mail now goes the same way: a booking's confirmation, sent by the job queue.
    expect(api.ctx.mailer.enabled).toBe(true);
    await bookAppointment(api.db, {
      date: addDays(shopToday(), 20),
      email: "customer@example.com",
      serviceIds: [await addService(api.db)],
    });
    await api.runJobs();
    expect(sink.to("customer@example.com")).toHaveLength(1);
  });

  it("keeps the stored password when the field is left empty, and reports the server's refusal", async () => {
    expect((await admin.put("/api/settings/mail", server({ password: "" }))).body.passwordSet).toBe(true);
    expect((await admin.post("/api/settings/mail/test")).status).toBe(200);

    expect((await admin.put("/api/settings/mail", server({ password: "wrong-password" }))).status).toBe(200);
    const refused = await admin.post("/api/settings/mail/test");
    expect(refused.status).toBe(502);
    expect(refused.body.message).toMatch(/^The mail server did not take the test mail: .*Invalid username or password/);

    const closed = Number(new URL(await closedSmtpUrl()).port);
    expect((await admin.put("/api/settings/mail", server({ port: closed }))).status).toBe(200);
    const unreachable = await admin.post("/api/settings/mail/test");
    expect(unreachable.status).toBe(502);
    expect(unreachable.body.message).toMatch(/ECONNREFUSED/);

    const cleared = await admin.put("/api/settings/mail", server({ password: "", clearPassword: true }));
    expect(cleared.body.passwordSet).toBe(false);
    const off = await admin.put("/api/settings/mail", { host: "", port: 587 });
    expect(off.body).toMatchObject({ host: "", passwordSet: false });
    expect(api.ctx.mailer.enabled).toBe(false);
  });

  it.each([
    [{ port: 0 }, "Port must be between 1 and 65535"],
    [{ host: "smtp.example.com\r\nRCPT TO:x" }, "Server must be a host name or address, e.g. smtp.example.com"],
    [{ from: "not an address" }, "Sender must be an address, e.g. Oldham Barbers <bookings@example.com>"],
    [{ from: "Shop <a@b.co>\r\nBcc: x@y.z" }, "Sender must be an address, e.g. Oldham Barbers <bookings@example.com>"],
  ])("refuses %o with its message, changing nothing", async (patch, message) => {
    const before = (await admin.get("/api/settings/mail")).body;
    const refused = await admin.put("/api/settings/mail", server(patch));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(message);
    expect((await admin.get("/api/settings/mail")).body).toEqual(before);
  });
});

describe("SMTP_URL in the environment", () => {
  it("wins over the stored server, and the screen says so", async () => {
    const envSink = await startSmtpSink();
    const withEnv = await startTestApi({ env: { SMTP_URL: envSink.url } });
    try {
      const owner = await withEnv.admin();
      await owner.put("/api/settings", { ...DEFAULT_SETTINGS, email: SHOP });
      await owner.put("/api/settings/mail", server());
      expect((await owner.get("/api/settings/mail")).body.fromEnvironment).toBe(true);
      expect((await owner.post("/api/settings/mail/test")).status).toBe(200);
      expect(envSink.to(SHOP)).toHaveLength(1);
    } finally {
      await withEnv.close();
      await envSink.close();
    }
  });
});
