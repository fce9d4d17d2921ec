import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findJob } from "~/features/jobs/jobs.server";
import { loadSettings, saveSettings } from "~/features/settings/settings.server";
import { addDays, shopToday } from "~/lib/shop-time";
import { bookAppointment, addService } from "../../../tests/support/bookings";
import { startSmtpSink, type ReceivedMail, type SmtpSink } from "../../../tests/support/smtp-sink";
import { startTestApi, type TestApi, type TestClient } from "../../../tests/support/test-app";
import { BOOKING_REMINDER_JOB, reminderKey } from "./booking-jobs.server";
import { bookingJobHandlers } from "./booking-job-handlers.server";
import type { PublicSlot } from "./booking-answers.schema";
import { readCalendar } from "./ics.testing";
import { requestContext } from "../../../server/request-context";

const PUBLIC_URL = "http://barbers.test";
const nextYear = Number(shopToday().slice(0, 4)) + 1;
const HOUR_MS = 3_600_000;

/** The last Sunday of a month next year (March: clocks go forward; October: back). */
const lastSunday = (month: number) => {
  const last = new Date(Date.UTC(nextYear, month, 0));
  last.setUTCDate(last.getUTCDate() - last.getUTCDay());
  return last.toISOString().slice(0, 10);
};

let sink: SmtpSink;
let api: TestApi;
let admin: TestClient;
let serviceId: number;

beforeAll(async () => {
  sink = await startSmtpSink();
  api = await startTestApi({
    env: { PUBLIC_URL, SMTP_URL: sink.url, BOOKING_MAX_PER_HOUR: "1000", BOOKING_MAX_PER_EMAIL_PER_HOUR: "1000" },
  });
  admin = await api.admin();
  serviceId = await addService(api.db);
});
afterAll(async () => {
  await api.close();
  await sink.close();
});

const reminderAt = async (bookingId: number) => (await findJob(api.db, reminderKey(bookingId)))?.run_at;

/** Books through the public API, as a customer does now. */
async function bookThroughApi(date: string, email: string) {
  const slot = (
    await admin.post("/api/booking-slots", { date, startTime: "10:00", endTime: "10:30", status: "available" })
  ).body as PublicSlot;
  const response = await api.anonymous().patch(`/api/booking-slots/${slot.id}`, {
    customerName: "Sam Taylor",
    customerEmail: email,
    customerPhone: "07911 123456",
    notes: "",
    services: [String(serviceId)],
  });
  expect(response.status).toBe(200);
  const booking = await api.db
    .selectFrom("bookings")
    .select("id")
    .where("reference", "=", response.body.reference)
    .executeTakeFirstOrThrow();
  return { slot, bookingId: booking.id, token: response.body.manageToken as string };
}

describe("booking reminders", () => {
  it("is due exactly the lead time before the appointment, across both clock changes", async () => {
    const spring = lastSunday(3);
    // 10:00 BST on the day the clocks go forward is 09:00 UTC; 24 hours earlier the clock said 09:00 GMT.
    const onChangeDay = await bookAppointment(api.db, {
      date: spring,
      email: "spring@example.com",
      serviceIds: [serviceId],
    });
    expect(await reminderAt(onChangeDay.id)).toBe(`${addDays(spring, -1)}T09:00:00.000Z`);

    const afterChange = await bookAppointment(api.db, {
      date: addDays(spring, 1),
      email: "monday@example.com",
      serviceIds: [serviceId],
    });
    expect(await reminderAt(afterChange.id)).toBe(`${spring}T09:00:00.000Z`);

    const autumn = lastSunday(10);
    // 10:00 GMT after the clocks go back is 10:00 UTC; 24 hours earlier it was 11:00 BST.
    const onAutumnDay = await bookAppointment(api.db, {
      date: autumn,
      email: "autumn@example.com",
      serviceIds: [serviceId],
    });
    expect(await reminderAt(onAutumnDay.id)).toBe(`${addDays(autumn, -1)}T10:00:00.000Z`);
  });

  it("is not scheduled for an appointment booked inside the lead time", async () => {
    const date = `${nextYear}-05-12`;
    const start = Date.parse(`${date}T09:00:00.000Z`); // 10:00 BST
    const late = await bookAppointment(api.db, {
      date,
      email: "late@example.com",
      serviceIds: [serviceId],
      bookedAt: new Date(start - 3 * HOUR_MS),
    });
    expect(await findJob(api.db, reminderKey(late.id))).toBeUndefined();
    const inTime = await bookAppointment(api.db, {
      date,
      startTime: "11:00",
      endTime: "11:30",
      email: "early@example.com",
      serviceIds: [serviceId],
      bookedAt: new Date(start - 25 * HOUR_MS),
    });
    expect(await reminderAt(inTime.id)).toBe(`${addDays(date, -1)}T10:00:00.000Z`);
  });

  it("follows the shop's reminder lead time setting", async () => {
    const settings = await loadSettings(api.db);
    await saveSettings(api.db, { ...settings, reminderLeadHours: 48 });
    try {
      const date = `${nextYear}-05-20`;
      const booked = await bookAppointment(api.db, { date, email: "two-days@example.com", serviceIds: [serviceId] });
      expect(await reminderAt(booked.id)).toBe(`${addDays(date, -2)}T09:00:00.000Z`);
    } finally {
      await saveSettings(api.db, settings);
    }
  });

  it("goes with the booking when the customer cancels, the shop cancels or the slot is deleted", async () => {
    const byCustomer = await bookThroughApi(`${nextYear}-06-02`, "leaver@example.com");
    expect(await reminderAt(byCustomer.bookingId)).toBeDefined();
    expect((await api.anonymous().post(`/api/bookings/manage/${byCustomer.token}/cancel`)).status).toBe(200);
    expect(await reminderAt(byCustomer.bookingId)).toBeUndefined();

    const byShop = await bookThroughApi(`${nextYear}-06-03`, "bumped@example.com");
    expect((await admin.post(`/api/booking-slots/${byShop.slot.id}/cancel`)).status).toBe(200);
    expect(await reminderAt(byShop.bookingId)).toBeUndefined();

    const deleted = await bookThroughApi(`${nextYear}-06-04`, "deleted@example.com");
    expect((await admin.delete(`/api/booking-slots/${deleted.slot.id}`)).status).toBe(204);
    expect(await reminderAt(deleted.bookingId)).toBeUndefined();
  });

  it("reaches the customer through a real SMTP server at its time, with the details, the manage link and a valid .ics", async () => {
    const date = `${nextYear}-07-21`;
    const { bookingId, token } = await bookThroughApi(date, "remind-me@example.com");
    const dueAt = Date.parse((await reminderAt(bookingId))!);
    const reminders = () => sink.to("remind-me@example.com").filter((mail) => mail.subject.startsWith("Reminder:"));

    await api.runJobs({ now: () => new Date(dueAt - 60_000) });
    expect(reminders()).toHaveLength(0);
    await api.runJobs({ now: () => new Date(dueAt) });
    expect(reminders()).toHaveLength(1);
    await api.runJobs({ now: () => new Date(dueAt + 3_600_000) });
    expect(reminders(), "sent once").toHaveLength(1);

    const mail: ReceivedMail = reminders()[0]!;
    const text = mail.leaves.find((part) => part.headers.get("content-type")?.startsWith("text/plain"))!.body;
    expect(text).toContain("Hello Sam Taylor,");
    expect(text).toContain("Skin Fade (£18.50, 30 mins)");
    expect(text).toContain(`${PUBLIC_URL}/bookings/manage/${token}`);
    const attachment = mail.leaves.find((part) => part.headers.get("content-type")?.startsWith("text/calendar"));
    expect(attachment).toBeDefined();
    const { vevent, event } = readCalendar(attachment!.body);
    expect(event.startDate.toJSDate().toISOString()).toBe(`${date}T09:00:00.000Z`);
    expect(vevent.getFirstPropertyValue("url")).toBe(`${PUBLIC_URL}/bookings/manage/${token}`);
    expect((await findJob(api.db, reminderKey(bookingId)))?.payload, "the token leaves the queue once sent").toBe("{}");
  });

  it("sends the same Message-ID when a reminder goes twice (a crash after the server took it, before the queue knew)", async () => {
    const { bookingId } = await bookThroughApi(`${nextYear}-07-28`, "twice@example.com");
    const job = (await findJob(api.db, reminderKey(bookingId)))!;
    const handler = bookingJobHandlers[BOOKING_REMINDER_JOB]!;
    await handler.run(requestContext(api.ctx), JSON.parse(job.payload), job);
    await handler.run(requestContext(api.ctx), JSON.parse(job.payload), job);
    const sent = sink.to("twice@example.com").filter((mail) => mail.subject.startsWith("Reminder:"));
    expect(sent).toHaveLength(2);
    const ids = sent.map((mail) => mail.headers.get("message-id"));
    expect(ids[0]).toMatch(new RegExp(`^<job-${job.id}\\.booking-reminder@barbers\\.test>$`));
    expect(ids[1]).toBe(ids[0]);
  });
});
