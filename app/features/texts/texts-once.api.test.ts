import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "~/features/settings/shop-settings";
import { addDays, shopToday } from "~/lib/shop-time";
import { SHOP_MOVE_MAIL_DELAY_MS } from "~/features/booking/booking-jobs.server";
import { startTestApi, type TestApi, type TestClient } from "../../../tests/support/test-app";
import { startTwilioDouble, type TwilioDouble } from "../../../tests/support/twilio-double";
import { TEXT_JOB } from "./texts.server";

/*
 * A text goes once even when the process dies while Twilio has it (decision 043), and every change the customer
 * is mailed about is texted too: a move by them or by the shop, a cancellation by the shop.
 */

let twilio: TwilioDouble;
let api: TestApi;
let admin: TestClient;
let serviceId = "";
let memberId = 0;
let nextDay = 3;
let nextPhone = 200;
const freshDay = () => addDays(shopToday(), nextDay++);

async function book(date: string, startTime = "10:00") {
  const phone = `07700 900${nextPhone++}`;
  const answer = await api.anonymous().post("/api/bookings", {
    customerName: "Sam Taylor",
    customerEmail: `sam${nextPhone}@example.com`,
    customerPhone: phone,
    services: [serviceId],
    date,
    startTime,
    memberId,
    smsConsent: true,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  const { id, slot_id } = await api.db
    .selectFrom("bookings")
    .select(["id", "slot_id"])
    .where("reference", "=", answer.body.reference)
    .executeTakeFirstOrThrow();
  const e164 = `+44${phone.replace(/\D/g, "").slice(1)}`;
  return { id, slotId: slot_id, token: answer.body.manageToken as string, to: e164 };
}

const textsTo = (phone: string) => twilio.messages.filter((message) => message.to === phone);
const textRecords = (bookingId: number) =>
  api.db.selectFrom("text_messages").selectAll().where("booking_id", "=", bookingId).execute();

/** Runs the jobs due `ms` from now (the shop's move waits out its Undo). */
const runJobsIn = (ms: number) => api.runJobs({ now: () => new Date(Date.now() + ms) });

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

describe("a text in flight at a crash", () => {
  /** The confirmation's job as a worker that died mid-call left it: its row "sending", the job to run again. */
  async function crashedMidSend() {
    const booking = await book(freshDay());
    const [job] = await api.db
      .selectFrom("jobs")
      .select("payload")
      .where("kind", "=", TEXT_JOB)
      .where("state", "=", "pending")
      .where("unique_key", "is", null)
      .orderBy("id", "desc")
      .limit(1)
      .execute();
    await api.runJobs();
    expect(textsTo(booking.to)).toHaveLength(1);
    const [record] = await textRecords(booking.id);
    expect(record).toMatchObject({ state: "sent", provider_id: twilio.messages.at(-1)!.sid });
    await api.db
      .updateTable("text_messages")
      .set({ state: "sending", provider_id: null })
      .where("booking_id", "=", booking.id)
      .execute();
    await api.db
      .insertInto("jobs")
      .values({
        kind: TEXT_JOB,
        payload: job!.payload,
        state: "pending",
        run_at: new Date().toISOString(),
        max_attempts: 8,
        created_at: new Date().toISOString(),
      })
      .execute();
    return { booking, sid: twilio.messages.at(-1)!.sid };
  }

  it("is not sent again when Twilio's message list has it, and its id is recorded", async () => {
    const { booking, sid } = await crashedMidSend();
    await api.runJobs();
    expect(textsTo(booking.to)).toHaveLength(1);
    expect(await textRecords(booking.id)).toMatchObject([{ state: "sent", provider_id: sid }]);
  });

  it("is sent (once) when Twilio never got it", async () => {
    const { booking } = await crashedMidSend();
    // The dead worker's call never reached Twilio.
    twilio.messages.splice(
      twilio.messages.findIndex((text) => text.to === booking.to),
      1,
    );
    await api.runJobs();
    await api.runJobs();
    expect(textsTo(booking.to)).toHaveLength(1);
    expect(await textRecords(booking.id)).toMatchObject([{ state: "sent", provider_id: textsTo(booking.to)[0]!.sid }]);
  });

  it("a refusal by Twilio leaves no doubt: the next attempt sends without asking", async () => {
    const booking = await book(freshDay());
    twilio.state.down = true;
    await api.runJobs();
    twilio.state.down = false;
    expect(await textRecords(booking.id)).toEqual([]);
    await runJobsIn(2 * 60_000);
    expect(textsTo(booking.to)).toHaveLength(1);
  });
});

describe("every change the customer is mailed about is texted", () => {
  it("a move by the customer: one text with the new time and the manage link", async () => {
    const date = freshDay();
    const booking = await book(date);
    await api.runJobs();
    const moved = await api
      .anonymous()
      .post(`/api/bookings/manage/${booking.token}/reschedule`, { date, startTime: "14:00", memberId });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    await api.runJobs();
    await api.runJobs();
    const sent = textsTo(booking.to);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.body).toContain("has moved to");
    expect(sent[1]!.body).toContain(" at 14:00 ");
    expect(sent[1]!.body).toContain(`/bookings/manage/${booking.token}`);
  });

  it("a move by the shop: texted after the Undo time, the last of quick moves once, an undone move not at all", async () => {
    const date = freshDay();
    const booking = await book(date);
    await api.runJobs();
    const move = (startTime: string) => admin.post(`/api/bookings/${booking.id}/move`, { date, startTime, memberId });
    expect((await move("11:00")).status).toBe(200);
    expect((await move("15:00")).status).toBe(200);
    await api.runJobs();
    expect(textsTo(booking.to)).toHaveLength(1);
    await runJobsIn(SHOP_MOVE_MAIL_DELAY_MS + 1_000);
    const sent = textsTo(booking.to);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.body).toContain(" at 15:00 ");
    expect(sent[1]!.body).toContain(`/bookings/manage/${booking.token}`);

    expect((await move("16:00")).status).toBe(200);
    expect((await move("15:00")).status).toBe(200);
    await runJobsIn(SHOP_MOVE_MAIL_DELAY_MS + 1_000);
    expect(textsTo(booking.to)).toHaveLength(2);
  });

  it("a cancellation by the shop: one text that says so", async () => {
    const booking = await book(freshDay());
    await api.runJobs();
    expect((await admin.post(`/api/booking-slots/${booking.slotId}/cancel`)).status).toBe(200);
    await api.runJobs();
    await api.runJobs();
    const sent = textsTo(booking.to);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.body).toContain("is cancelled");
    expect(sent[1]!.body).not.toContain(booking.token);
  });
});
