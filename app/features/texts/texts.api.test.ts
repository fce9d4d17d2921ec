import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "~/features/settings/shop-settings";
import { addDays, shopInstant, shopToday } from "~/lib/shop-time";
import { startTestApi, type TestApi, type TestClient } from "../../../tests/support/test-app";
import { TEST_TWILIO, startTwilioDouble, type TwilioDouble } from "../../../tests/support/twilio-double";
import { MAX_TEXT_LENGTH } from "./text-body";
import { twilioSignatureValid } from "./texts.server";
import { createHmac } from "node:crypto";

let twilio: TwilioDouble;
let api: TestApi;
let admin: TestClient;
let serviceId = "";
let memberId = 0;
let nextDay = 3;
const freshDay = () => addDays(shopToday(), nextDay++);

const book = (date: string, extra: object = {}) =>
  api.anonymous().post("/api/bookings", {
    customerName: "Sam Taylor",
    customerEmail: "sam@example.com",
    customerPhone: "07911 123456",
    services: [serviceId],
    date,
    startTime: "10:00",
    memberId,
    ...extra,
  });

const textsTo = (phone: string) => twilio.messages.filter((message) => message.to === phone);

async function setTexts(textsEnabled: boolean) {
  const { payments, ...settings } = (await admin.get("/api/settings")).body;
  expect((await admin.put("/api/settings", { ...settings, payments: { ...payments, textsEnabled } })).status).toBe(200);
}

/** Signs an incoming text the way Twilio does, for the app's public URL. */
function inbound(params: Record<string, string>, token = TEST_TWILIO.authToken) {
  const url = `${api.config.publicUrl}/api/texts/inbound`;
  const data =
    url +
    Object.keys(params)
      .sort()
      .map((name) => name + params[name])
      .join("");
  const signature = createHmac("sha1", token).update(data).digest("base64");
  return api.anonymous().request("POST", "/api/texts/inbound", {
    body: new URLSearchParams(params).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": signature },
  });
}

beforeAll(async () => {
  twilio = await startTwilioDouble();
  api = await startTestApi({
    env: { ...twilio.env, BOOKING_MAX_PER_HOUR: "1000", BOOKING_MAX_PER_EMAIL_PER_HOUR: "1000" },
  });
  admin = await api.admin();
  const service = { description: "Done properly.", icon: "Scissors", category: "hair", duration: 30 };
  serviceId = String((await admin.post("/api/services", { ...service, title: "Scissor Cut", price: 20 })).body.id);
  memberId = (
    await admin.post("/api/team", {
      name: "Bea",
      bio: "",
      image: null,
      serviceIds: [serviceId],
      weeklyHours: DEFAULT_SETTINGS.openingHours,
      timeOff: [],
    })
  ).body.id;
});
afterAll(async () => {
  await api.close();
  await twilio.close();
});
beforeEach(() => {
  twilio.state.down = false;
  twilio.state.refusedNumber = null;
});

describe("text messages", () => {
  it("with consent texts the confirmation once, in E.164, within two segments, with date, time, barber and link", async () => {
    const phone = "07700 900123";
    const booked = await book(freshDay(), { customerPhone: phone, smsConsent: true });
    expect(booked.status).toBe(201);
    await api.runJobs();
    await api.runJobs();
    const sent = textsTo("+447700900123");
    expect(sent).toHaveLength(1);
    expect(sent[0]!.from).toBe(TEST_TWILIO.from);
    expect(sent[0]!.body).toContain(" at 10:00 ");
    expect(sent[0]!.body).toContain("with Bea");
    expect(sent[0]!.body).toContain(`/bookings/manage/${booked.body.manageToken}`);
    expect(sent[0]!.body.length).toBeLessThanOrEqual(MAX_TEXT_LENGTH);
  });

  it("never texts without consent", async () => {
    await book(freshDay(), { customerPhone: "07700 900124" });
    await api.runJobs();
    expect(textsTo("+447700900124")).toHaveLength(0);
  });

  it("sends the reminder at the reminder lead time", async () => {
    const date = freshDay();
    await book(date, { customerPhone: "07700 900125", smsConsent: true });
    await api.runJobs();
    expect(textsTo("+447700900125")).toHaveLength(1);
    const reminderTime = new Date(shopInstant(date, "10:00").getTime() - 23 * 3_600_000);
    await api.runJobs({ now: () => reminderTime });
    const sent = textsTo("+447700900125");
    expect(sent).toHaveLength(2);
    expect(sent[1]!.body).toMatch(/Reminder/);
  });

  it("a provider that is down delays the text (retried with backoff), never fails the booking", async () => {
    twilio.state.down = true;
    const booked = await book(freshDay(), { customerPhone: "07700 900126", smsConsent: true });
    expect(booked.status).toBe(201);
    await api.runJobs();
    expect(textsTo("+447700900126")).toHaveLength(0);
    const waiting = await api.db
      .selectFrom("jobs")
      .selectAll()
      .where("kind", "=", "booking-text")
      .where("state", "=", "pending")
      .where("last_error", "is not", null)
      .execute();
    expect(waiting.length).toBeGreaterThan(0);
    twilio.state.down = false;
    await api.runJobs({ now: () => new Date(Date.now() + 2 * 60_000) });
    await api.runJobs({ now: () => new Date(Date.now() + 10 * 60_000) });
    expect(textsTo("+447700900126")).toHaveLength(1);
  });

  it("a number Twilio refuses is kept out of the job's error, which the erasure of a customer cannot reach", async () => {
    twilio.state.refusedNumber = "+447700900128";
    expect((await book(freshDay(), { customerPhone: "07700 900128", smsConsent: true })).status).toBe(201);
    await api.runJobs();
    const failed = await api.db
      .selectFrom("jobs")
      .select("last_error")
      .where("kind", "=", "booking-text")
      .where("last_error", "like", "%not a valid phone number%")
      .execute();
    expect(failed.length).toBeGreaterThan(0);
    for (const { last_error } of failed) expect(last_error).not.toMatch(/7700\s?900\s?128/);
  });

  it("STOP from the customer (signed by Twilio) is recorded and ends the texts; a forged one is refused", async () => {
    const forged = await inbound({ From: "+447700900127", Body: "STOP" }, "wrong-token");
    expect(forged.status).toBe(403);
    expect((await inbound({ From: "+447700900127", Body: "stop " })).status).toBe(200);
    const optOut = await api.db.selectFrom("text_opt_outs").selectAll().where("phone", "=", "+447700900127").execute();
    expect(optOut).toHaveLength(1);
    await book(freshDay(), { customerPhone: "07700 900127", smsConsent: true, customerEmail: "stopped@example.com" });
    await api.runJobs();
    expect(textsTo("+447700900127")).toHaveLength(0);
    const record = (await admin.get("/api/customers/stopped%40example.com")).body;
    expect(record.textsStopped).toBe(true);
    expect(record.history[0]).toMatchObject({ smsConsent: true, payment: null });
  });

  it("the owner can turn texts off", async () => {
    await setTexts(false);
    await book(freshDay(), { customerPhone: "07700 900128", smsConsent: true });
    await api.runJobs();
    expect(textsTo("+447700900128")).toHaveLength(0);
    await setTexts(true);
  });

  it("checks Twilio's signature over the URL and the sorted parameters", () => {
    const url = "https://example.com/api/texts/inbound";
    const data = `${url}BodySTOPFrom+447700900123`;
    const signature = createHmac("sha1", "token").update(data).digest("base64");
    expect(twilioSignatureValid("token", url, { From: "+447700900123", Body: "STOP" }, signature)).toBe(true);
    expect(twilioSignatureValid("token", url, { From: "+447700900124", Body: "STOP" }, signature)).toBe(false);
  });
});
