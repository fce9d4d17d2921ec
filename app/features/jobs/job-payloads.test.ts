import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "~/features/settings/shop-settings";
import { addDays, shopToday } from "~/lib/shop-time";
import { startSmtpSink, type SmtpSink } from "../../../tests/support/smtp-sink";
import { startTestApi, type TestApi, type TestClient } from "../../../tests/support/test-app";
import { startTwilioDouble, type TwilioDouble } from "../../../tests/support/twilio-double";

/*
 * Jobs carry ids, not personal data or secrets (decision 043): every kind of mail and text a customer's bookings,
 * sign-in and waitlist queue holds no name, address, phone or token, and once the customer is erased no job
 * mails or texts them.
 */

const PERSON = {
  customerName: "Quentin Quill",
  customerEmail: "Quentin.Quill@example.test",
  customerPhone: "07700 900555",
};
const NOTES = "Prefers the quiet chair";
const SHOP_EMAIL = "shop@example.test";
const today = shopToday();

let sink: SmtpSink;
let twilio: TwilioDouble;
let api: TestApi;
let admin: TestClient;
let serviceId = "";
let memberId = 0;

beforeAll(async () => {
  sink = await startSmtpSink();
  twilio = await startTwilioDouble();
  api = await startTestApi({
    env: {
      ...twilio.env,
      SMTP_URL: sink.url,
      SHOP_EMAIL,
      BOOKING_MAX_PER_HOUR: "1000",
      BOOKING_MAX_PER_EMAIL_PER_HOUR: "1000",
    },
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
  await sink.close();
});

async function book(date: string) {
  const answer = await api.anonymous().post("/api/bookings", {
    ...PERSON,
    notes: NOTES,
    services: [serviceId],
    date,
    startTime: "10:00",
    memberId,
    smsConsent: true,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  const row = await api.db
    .selectFrom("bookings")
    .select(["id", "slot_id"])
    .where("reference", "=", answer.body.reference)
    .executeTakeFirstOrThrow();
  return { ...row, token: answer.body.manageToken as string };
}

const pendingJobs = () =>
  api.db.selectFrom("jobs").select(["kind", "payload"]).where("state", "=", "pending").execute();

describe("job payloads", () => {
  it("hold no name, address, phone or token, and an erasure leaves no job that mails or texts the person", async () => {
    const cancelled = await book(addDays(today, 5));
    const movedByShop = await book(addDays(today, 6));
    const movedByThem = await book(addDays(today, 7));
    await book(addDays(today, 8));
    expect((await admin.post(`/api/booking-slots/${cancelled.slot_id}/cancel`)).status).toBe(200);
    const shopMove = { date: addDays(today, 6), startTime: "14:00", memberId };
    expect((await admin.post(`/api/bookings/${movedByShop.id}/move`, shopMove)).status).toBe(200);
    const theirMove = { date: addDays(today, 7), startTime: "15:00", memberId };
    expect((await api.anonymous().post(`/api/bookings/manage/${movedByThem.token}/reschedule`, theirMove)).status).toBe(
      200,
    );
    expect((await api.anonymous().post("/api/account/sign-in", { email: PERSON.customerEmail })).status).toBe(202);
    const waitlist = { ...PERSON, date: addDays(today, 9), services: [serviceId] };
    expect((await api.anonymous().post("/api/waitlist", waitlist)).status).toBe(201);

    const jobs = await pendingJobs();
    expect(new Set(jobs.map((job) => job.kind))).toEqual(
      new Set(["booking-mail", "booking-reminder", "booking-text", "account-sign-in-link", "waitlist-joined-mail"]),
    );
    const mails = jobs.filter((job) => job.kind === "booking-mail").map((job) => JSON.parse(job.payload).mail);
    for (const mail of ["confirmation", "shop-notice", "customer-cancellation", "shop-cancellation", "reschedule"]) {
      expect(mails).toContain(mail);
    }
    const texts = jobs.filter((job) => job.kind === "booking-text").map((job) => JSON.parse(job.payload).kind);
    expect(new Set(texts)).toEqual(new Set(["confirmation", "reminder", "moved", "cancelled"]));
    const secrets = [
      PERSON.customerName,
      "Quill",
      PERSON.customerEmail.toLowerCase(),
      "07700",
      "7700900555",
      NOTES,
      ...[cancelled, movedByShop, movedByThem].map((booking) => booking.token),
    ];
    for (const job of jobs) {
      for (const secret of secrets) expect(job.payload.toLowerCase(), job.kind).not.toContain(secret.toLowerCase());
    }

    const erased = await admin.delete(`/api/customers/${encodeURIComponent(PERSON.customerEmail.toLowerCase())}`);
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    // Everything due, the shop's delayed move mail and the reminders included.
    for (const days of [0, 1, 3, 7, 10]) await api.runJobs({ now: () => new Date(Date.now() + days * 86_400_000) });
    expect(sink.to(PERSON.customerEmail.toLowerCase())).toEqual([]);
    expect(sink.to(PERSON.customerEmail)).toEqual([]);
    expect(twilio.messages.filter((text) => text.to === "+447700900555")).toEqual([]);
    // The shop still hears of the cancellations, with nobody named.
    const toShop = sink.to(SHOP_EMAIL).filter((mail) => mail.subject.startsWith("Booking cancelled"));
    expect(toShop.length).toBeGreaterThan(0);
    for (const mail of toShop) expect(mail.leaves[0]!.body).not.toContain(PERSON.customerName);
  });
});
