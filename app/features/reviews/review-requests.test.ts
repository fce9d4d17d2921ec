import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findJob } from "~/features/jobs/jobs.server";
import { loadSettings, saveSettings } from "~/features/settings/settings.server";
import { addDays, shopInstant, shopToday } from "~/lib/shop-time";
import { addService, bookAppointment } from "../../../tests/support/bookings";
import { startSmtpSink, type SmtpSink } from "../../../tests/support/smtp-sink";
import { startTestApi, type TestApi, type TestClient } from "../../../tests/support/test-app";

const PUBLIC_URL = "http://barbers.test";
const REVIEW_URL = "https://g.page/r/oldham-barbers/review";
const HOUR_MS = 3_600_000;
const today = shopToday();

let sink: SmtpSink;
let api: TestApi;
let admin: TestClient;
let serviceId: number;

beforeAll(async () => {
  sink = await startSmtpSink();
  api = await startTestApi({ env: { PUBLIC_URL, SMTP_URL: sink.url } });
  admin = await api.admin();
  serviceId = await addService(api.db);
  await saveSettings(api.db, { ...(await loadSettings(api.db)), reviewUrl: REVIEW_URL, reviewRequestHours: 3 });
});
afterAll(async () => {
  await api.close();
  await sink.close();
});

let visits = 0;
/** A visit some days ago (each on its own day, so the manual slots never overlap). */
async function visit(email: string, daysAgo?: number) {
  visits += 1;
  const booking = await bookAppointment(api.db, {
    date: addDays(today, -(daysAgo ?? visits + 1)),
    email,
    serviceIds: [serviceId],
  });
  return booking.id;
}

const mark = (bookingId: number, attendance: "attended" | "no-show" | null) =>
  admin.patch(`/api/bookings/${bookingId}`, { attendance });

const reviewMails = (email: string) =>
  sink.messages.filter(
    (mail) =>
      mail.envelopeTo.some((to) => to.toLowerCase() === email.toLowerCase()) &&
      mail.subject.startsWith("How was your visit"),
  );

describe("the review request after a visit", () => {
  it("goes once, the set time after an attended appointment ends, with the link and one-click unsubscribe headers", async () => {
    const date = addDays(today, -1);
    const booking = await bookAppointment(api.db, {
      date,
      startTime: "10:00",
      endTime: "10:30",
      email: "Happy@Example.com",
      serviceIds: [serviceId],
    });
    expect((await mark(booking.id, "attended")).status).toBe(200);
    const job = await findJob(api.db, `review-request:${booking.id}`);
    const due = shopInstant(date, "10:30").getTime() + 3 * HOUR_MS;
    // Yesterday's 10:30 plus three hours has passed: due at once, not at the set time.
    expect(Date.parse(job!.run_at)).toBeGreaterThanOrEqual(due);
    await api.runJobs();
    const [mail] = reviewMails("Happy@Example.com");
    expect(mail).toBeDefined();
    const text = mail!.leaves[0]!.body;
    expect(text).toContain(REVIEW_URL);
    const link = /No more review requests: (\S+)/.exec(text)![1]!;
    expect(link).toMatch(new RegExp(`^${PUBLIC_URL}/reviews/unsubscribe/[0-9a-f]{64}$`));
    const token = link.split("/").at(-1)!;
    expect(mail!.headers.get("list-unsubscribe")).toBe(`<${PUBLIC_URL}/api/reviews/unsubscribe/${token}>`);
    expect(mail!.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");

    // Marked again (or twice by mistake): no second mail.
    await mark(booking.id, null);
    await mark(booking.id, "attended");
    await api.runJobs();
    expect(reviewMails("Happy@Example.com")).toHaveLength(1);
  });

  it("waits for the set time after the appointment's end", async () => {
    await saveSettings(api.db, { ...(await loadSettings(api.db)), reviewRequestHours: 168 });
    const date = addDays(today, -2);
    const booking = await bookAppointment(api.db, {
      date,
      startTime: "15:00",
      endTime: "15:30",
      email: "patient@example.com",
      serviceIds: [serviceId],
    });
    await mark(booking.id, "attended");
    const due = shopInstant(date, "15:30").getTime() + 168 * HOUR_MS;
    expect(Date.parse((await findJob(api.db, `review-request:${booking.id}`))!.run_at)).toBe(due);
    await api.runJobs({ now: () => new Date(due - 60_000) });
    expect(reviewMails("patient@example.com")).toHaveLength(0);
    await api.runJobs({ now: () => new Date(due) });
    expect(reviewMails("patient@example.com")).toHaveLength(1);
    await saveSettings(api.db, { ...(await loadSettings(api.db)), reviewRequestHours: 3 });
  });

  it("is sent at most once per customer in 90 days, and again after them", async () => {
    const first = await visit("regular@example.com");
    const second = await visit("regular@example.com");
    await mark(first, "attended");
    await mark(second, "attended");
    await api.runJobs();
    expect(reviewMails("regular@example.com")).toHaveLength(1);

    await api.db
      .updateTable("review_requests")
      .set({ sent_at: new Date(Date.now() - 91 * 24 * HOUR_MS).toISOString() })
      .where("email", "=", "regular@example.com")
      .execute();
    const third = await visit("regular@example.com");
    await mark(third, "attended");
    await api.runJobs();
    expect(reviewMails("regular@example.com")).toHaveLength(2);
  });

  it("never follows a no-show, even one corrected after the request was queued", async () => {
    const missed = await visit("absent@example.com");
    await mark(missed, "no-show");
    const corrected = await visit("absent@example.com");
    await mark(corrected, "attended");
    await mark(corrected, "no-show");
    await api.runJobs();
    expect(reviewMails("absent@example.com")).toHaveLength(0);
    expect(await findJob(api.db, `review-request:${corrected}`)).toBeUndefined();
  });

  it("goes to nobody while the shop has no review link", async () => {
    await saveSettings(api.db, { ...(await loadSettings(api.db)), reviewUrl: "" });
    const booking = await visit("nolink@example.com");
    await mark(booking, "attended");
    await api.runJobs();
    expect(reviewMails("nolink@example.com")).toHaveLength(0);
    await saveSettings(api.db, { ...(await loadSettings(api.db)), reviewUrl: REVIEW_URL });
  });

  it("stops after a one-click unsubscribe (RFC 8058 POST), for good", async () => {
    const first = await visit("done@example.com");
    await mark(first, "attended");
    await api.runJobs();
    const [mail] = reviewMails("done@example.com");
    const target = /<([^>]+)>/.exec(mail!.headers.get("list-unsubscribe")!)![1]!;
    const path = new URL(target).pathname;
    const unsubscribed = await api.anonymous().request("POST", path, {
      body: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(unsubscribed.status).toBe(200);
    expect(unsubscribed.body).toEqual({ unsubscribed: true });
    expect((await api.anonymous().post(path)).status).toBe(200);
    expect((await api.anonymous().post(`/api/reviews/unsubscribe/${"0".repeat(64)}`)).status).toBe(404);

    await api.db
      .updateTable("review_requests")
      .set({ sent_at: new Date(Date.now() - 200 * 24 * HOUR_MS).toISOString() })
      .where("email", "=", "done@example.com")
      .execute();
    const next = await visit("done@example.com");
    await mark(next, "attended");
    await api.runJobs();
    expect(reviewMails("done@example.com")).toHaveLength(1);
  });
});
