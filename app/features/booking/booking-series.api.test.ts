import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findJob } from "~/features/jobs/jobs.server";
import { loadSettings, saveSettings } from "~/features/settings/settings.server";
import type { TeamMember } from "~/features/team/team.schema";
import { clockNow, startClockAt } from "~/lib/clock";
import { startSmtpSink, type ReceivedMail, type SmtpSink } from "../../../tests/support/smtp-sink";
import { ALL_DAY_OPENING_HOURS, startTestApi, type TestApi, type TestClient } from "../../../tests/support/test-app";
import { bookingUid } from "./booking-ics";
import { reminderKey } from "./booking-jobs.server";
import { type BookingConfirmation, type ManagedBooking, type SeriesOccurrence } from "./booking-answers.schema";
import { NOT_ENOUGH_TIME_MESSAGE } from "./booking-messages.schema";
import { readCalendar } from "./ics.testing";

/*
 * Repeat appointments (decision 032), on the injected clock: "now" is 1 March 2027, so a weekly series from
 * 14 March crosses the last Sunday of March 2027 (28 March), when the clocks go forward.
 */

const PUBLIC_URL = "http://barbers.test";
const NOW = new Date("2027-03-01T12:00:00Z");
const HOUR_MS = 3_600_000;

let sink: SmtpSink;
let api: TestApi;
let admin: TestClient;
let serviceId: string;
let alex: TeamMember;

const customer = (email: string) => ({
  customerName: "Sam Taylor",
  customerEmail: email,
  customerPhone: "07911 123456",
  notes: "",
});

/** A 201's confirmation, or a refusal's message and issues. */
type SeriesAnswer = BookingConfirmation & { message: string; issues: Array<{ message: string }> };

const bookSeries = (email: string, date: string, repeat: unknown, startTime = "10:00", extra: object = {}) =>
  api.anonymous().post<SeriesAnswer>("/api/bookings", {
    ...customer(email),
    services: [serviceId],
    memberId: alex.id,
    date,
    startTime,
    repeat,
    ...extra,
  });

const textOf = (mail: ReceivedMail) =>
  mail.leaves.find((part) => part.headers.get("content-type")?.startsWith("text/plain"))!.body;

const calendarOf = (mail: ReceivedMail) =>
  mail.leaves.find((part) => part.headers.get("content-type")?.startsWith("text/calendar"))!.body;

/** Every manage token the mail links to, in the order of its dates. */
const tokensIn = (mail: ReceivedMail) =>
  [...textOf(mail).matchAll(/\/bookings\/manage\/([A-Za-z0-9_-]{43})/g)].map((match) => match[1]!);

const bookingsOf = (email: string) =>
  api.db
    .selectFrom("bookings as b")
    .innerJoin("booking_slots as s", "s.id", "b.slot_id")
    .select(["b.id", "b.reference", "b.status", "b.series_id", "b.series_position", "s.date", "s.start_time"])
    .where("b.customer_email", "=", email)
    .orderBy("s.date")
    .execute();

beforeAll(async () => {
  startClockAt(NOW);
  sink = await startSmtpSink();
  api = await startTestApi({
    onDisk: true,
    env: { PUBLIC_URL, SMTP_URL: sink.url, BOOKING_MAX_PER_HOUR: "1000", BOOKING_MAX_PER_EMAIL_PER_HOUR: "1000" },
  });
  admin = await api.admin();
  // A short horizon: a series may still reach past it.
  await saveSettings(api.db, {
    ...(await loadSettings(api.db)),
    openingHours: ALL_DAY_OPENING_HOURS,
    bookingHorizonWeeks: 4,
    closures: [{ from: "2027-03-30", to: "2027-03-30", note: "Staff training" }],
  });
  serviceId = String(
    (
      await admin.post("/api/services", {
        title: "Skin Fade",
        description: "Done properly.",
        icon: "Scissors",
        category: "hair",
        price: 20,
        duration: 30,
      })
    ).body.id,
  );
  const weeklyHours = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, ranges: [{ start: "09:00", end: "17:00" }] }));
  alex = (await admin.post("/api/team", { name: "Alex", bio: "", image: null, serviceIds: [serviceId], weeklyHours }))
    .body as TeamMember;
});
afterAll(async () => {
  await api.close();
  await sink.close();
  startClockAt(new Date());
});

describe("POST /api/bookings with repeat", () => {
  it("books every week at 10:00 across the clock change, with one mail and one .ics of every date", async () => {
    const email = "weekly@example.com";
    const response = await bookSeries(email, "2027-03-14", { everyWeeks: 1, times: 4 });
    expect(response.status).toBe(201);
    const dates = ["2027-03-14", "2027-03-21", "2027-03-28", "2027-04-04"];
    expect(response.body.series!.map(({ date, startTime, status }) => ({ date, startTime, status }))).toEqual(
      dates.map((date) => ({ date, startTime: "10:00", status: "booked" })),
    );
    const references = response.body.series!.map((occurrence) => occurrence.reference);
    expect(new Set(references).size).toBe(4);
    expect(response.body.reference).toBe(references[0]);

    // Each its own booking at 10:00 on the shop's clock, in one series, in order.
    const rows = await bookingsOf(email);
    expect(rows.map((row) => [row.date, row.start_time, row.reference, row.series_position])).toEqual(
      dates.map((date, index) => [date, "10:00", references[index], index]),
    );
    expect(new Set(rows.map((row) => row.series_id)).size).toBe(1);

    // Each its own reminder, the lead time before its own 10:00: GMT before the change, BST after it.
    const starts = ["2027-03-14T10:00:00Z", "2027-03-21T10:00:00Z", "2027-03-28T09:00:00Z", "2027-04-04T09:00:00Z"];
    const lead = (await loadSettings(api.db)).reminderLeadHours;
    for (const [index, row] of rows.entries()) {
      const job = await findJob(api.db, reminderKey(row.id));
      expect(job?.run_at).toBe(new Date(Date.parse(starts[index]!) - lead * HOUR_MS).toISOString());
    }

    await api.runJobs({ now: clockNow });
    const mails = sink.to(email);
    expect(mails).toHaveLength(1);
    const text = textOf(mails[0]!);
    expect(text).toContain("4 of 4 dates are booked");
    for (const reference of references) expect(text).toContain(`booked (${reference})`);

    // One .ics holding every date, each event under the UID of the booking's own calendar file.
    const { calendar } = readCalendar(calendarOf(mails[0]!));
    const events = calendar.getAllSubcomponents("vevent").map((vevent) => new ICAL.Event(vevent));
    expect(events.map((event) => event.startDate.toJSDate().toISOString())).toEqual(
      starts.map((start) => new Date(start).toISOString()),
    );
    expect(events.map((event) => `${event.startDate.hour}:${event.startDate.minute}`)).toEqual(Array(4).fill("10:0"));
    const shopName = (await loadSettings(api.db)).shopName;
    expect(events.map((event) => event.uid)).toEqual(references.map((reference) => bookingUid(shopName, reference!)));
    const tokens = tokensIn(mails[0]!);
    expect(tokens).toHaveLength(4);
    expect(tokens[0]).toBe(response.body.manageToken);
    for (const [index, token] of tokens.entries()) {
      const own = await api.anonymous().get(`/api/bookings/manage/${token}/calendar.ics`);
      expect(readCalendar(own.text).event.uid).toBe(events[index]!.uid);
    }
    // No confirmation of its own for any date.
    expect(mails.filter((mail) => mail.subject.startsWith("Your appointment"))).toHaveLength(0);
  });

  it("books the free dates of a series and names why the others are not (closed, taken), past the horizon too", async () => {
    const other = await api.anonymous().post("/api/bookings", {
      ...customer("first-come@example.com"),
      services: [serviceId],
      memberId: alex.id,
      date: "2027-03-16",
      startTime: "11:00",
    });
    expect(other.status).toBe(201);
    const email = "fortnightly@example.com";
    // The horizon is four weeks (29 March): 27 April lies past it.
    const response = await bookSeries(email, "2027-03-02", { everyWeeks: 2, times: 5 }, "11:00");
    expect(response.status).toBe(201);
    expect(response.body.series).toEqual<SeriesOccurrence[]>([
      { date: "2027-03-02", startTime: "11:00", status: "booked", reference: expect.any(String) },
      { date: "2027-03-16", startTime: "11:00", status: "unavailable", reason: "That time is already booked" },
      { date: "2027-03-30", startTime: "11:00", status: "unavailable", reason: "The shop is closed that day" },
      { date: "2027-04-13", startTime: "11:00", status: "booked", reference: expect.any(String) },
      { date: "2027-04-27", startTime: "11:00", status: "booked", reference: expect.any(String) },
    ]);
    expect((await bookingsOf(email)).map((row) => row.date)).toEqual(["2027-03-02", "2027-04-13", "2027-04-27"]);

    await api.runJobs({ now: clockNow });
    const [mail] = sink.to(email);
    const text = textOf(mail!);
    expect(text).toContain("3 of 5 dates are booked");
    expect(text).toContain("Tuesday 30 March 2027, 11:00: not booked, the shop is closed that day");
    const { calendar } = readCalendar(calendarOf(mail!));
    expect(calendar.getAllSubcomponents("vevent")).toHaveLength(3);
  });

  it("previews the same dates and reasons before booking", async () => {
    const response = await api
      .anonymous()
      .get(
        `/api/availability/series?date=2027-03-02&startTime=11:00&services=${serviceId}&member=${alex.id}&everyWeeks=2&times=3`,
      );
    expect(response.status).toBe(200);
    expect(response.body).toEqual([
      { date: "2027-03-02", startTime: "11:00", status: "unavailable", reason: "That time is already booked" },
      { date: "2027-03-16", startTime: "11:00", status: "unavailable", reason: "That time is already booked" },
      { date: "2027-03-30", startTime: "11:00", status: "unavailable", reason: "The shop is closed that day" },
    ]);
  });

  it("refuses the whole series as a single booking when its first date is not free", async () => {
    const email = "late@example.com";
    const response = await bookSeries(email, "2027-03-16", { everyWeeks: 1, times: 3 }, "11:00");
    expect(response.status).toBe(409);
    expect(response.body.message).toBe(NOT_ENOUGH_TIME_MESSAGE);
    expect(await bookingsOf(email)).toEqual([]);
  });

  it.each([
    [{ everyWeeks: 0, times: 3 }, "Repeat every must be a whole number of weeks from 1 to 8"],
    [{ everyWeeks: 9, times: 3 }, "Repeat every must be a whole number of weeks from 1 to 8"],
    [{ everyWeeks: 1.5, times: 3 }, "Repeat every must be a whole number of weeks from 1 to 8"],
    [{ everyWeeks: 2, times: 1 }, "Repeat times must be a whole number from 2 to 12"],
    [{ everyWeeks: 2, times: 13 }, "Repeat times must be a whole number from 2 to 12"],
    [{ everyWeeks: "two", times: 3 }, "Repeat every must be a whole number of weeks from 1 to 8"],
    ["weekly", "Repeat must be {everyWeeks, times}"],
  ])("answers 400 for repeat %j", async (repeat, message) => {
    const response = await bookSeries("invalid@example.com", "2027-03-03", repeat);
    expect(response.status).toBe(400);
    expect(response.body.issues.map((issue) => issue.message)).toContain(message);
    expect(await bookingsOf("invalid@example.com")).toEqual([]);
  });
});

describe("the same form sent again", () => {
  /** The weekly series form at 16:00 with Alex, under one form token: each call sends it. */
  const sendForm =
    (email: string, date: string, times: number, idempotencyKey: string, startTime = "16:00") =>
    () =>
      bookSeries(email, date, { everyWeeks: 1, times }, startTime, { idempotencyKey });

  /** What a process stopped after `kept` dates leaves behind: no later dates, no mail. */
  async function stopAfter(email: string, kept: number) {
    const later = (await bookingsOf(email)).filter((row) => row.series_position! >= kept);
    const laterIds = later.map((row) => row.id);
    const slotIds = (await api.db.selectFrom("bookings").select("slot_id").where("id", "in", laterIds).execute()).map(
      (row) => row.slot_id,
    );
    await api.db.deleteFrom("booking_services").where("booking_id", "in", laterIds).execute();
    await api.db.deleteFrom("bookings").where("id", "in", laterIds).execute();
    await api.db.deleteFrom("booking_slots").where("id", "in", slotIds).execute();
    await api.db
      .deleteFrom("jobs")
      .where("unique_key", "in", [`series-confirmation:${later[0]!.series_id}`, ...laterIds.map(reminderKey)])
      .execute();
  }

  const seriesMails = (email: string) =>
    sink.to(email).filter((mail) => mail.subject.startsWith("Your repeat appointments"));

  it("finishes a series its first send left half-made when the form is sent again, and mails it once", async () => {
    const email = "cut-short@example.com";
    const dates = ["2027-03-08", "2027-03-15", "2027-03-22", "2027-03-29"];
    const send = sendForm(email, dates[0]!, 4, "a-series-form-token-0123456789");
    const sent = await send();
    expect(sent.status).toBe(201);
    await stopAfter(email, 2);

    const again = await send();
    expect(again.status).toBe(201);
    expect(again.body.reference).toBe(sent.body.reference);
    expect(again.body.series!.map(({ date, status }) => ({ date, status }))).toEqual(
      dates.map((date) => ({ date, status: "booked" })),
    );
    await api.runJobs({ now: clockNow });
    // Sent a third time, it finds the series whole and its mail sent: nothing more.
    expect((await send()).body.series).toEqual(again.body.series);
    await api.runJobs({ now: clockNow });

    const mails = seriesMails(email);
    expect(mails).toHaveLength(1);
    expect(await bookingsOf(email)).toHaveLength(4);
    // Every date's link opens its own booking, the one booked before the stop included.
    const tokens = tokensIn(mails[0]!);
    expect(tokens).toHaveLength(4);
    for (const [index, token] of tokens.entries()) {
      const managed = await api.anonymous().get<ManagedBooking>(`/api/bookings/manage/${token}`);
      expect(managed.body).toMatchObject({ date: dates[index], status: "confirmed" });
    }
  });

  it("books no date from a form changed before it came back, and mails a date cancelled meanwhile as cancelled", async () => {
    const email = "changed-mind@example.com";
    const send = sendForm(email, "2027-03-10", 4, "a-form-changed-before-resend-01");
    expect((await send()).status).toBe(201);
    await stopAfter(email, 2);
    const [, second] = await bookingsOf(email);
    const { slot_id } = await api.db
      .selectFrom("bookings")
      .select("slot_id")
      .where("id", "=", second!.id)
      .executeTakeFirstOrThrow();
    expect((await admin.post(`/api/booking-slots/${slot_id}/cancel`)).status).toBe(200);

    // The same form token with another start time and more dates.
    const changed = await sendForm(email, "2027-03-10", 6, "a-form-changed-before-resend-01", "15:30")();
    expect(changed.status).toBe(201);
    expect((await bookingsOf(email)).map((row) => [row.date, row.start_time, row.status])).toEqual([
      ["2027-03-10", "16:00", "confirmed"],
      ["2027-03-17", "16:00", "cancelled"],
    ]);
    await api.runJobs({ now: clockNow });
    const [mail] = seriesMails(email);
    expect(tokensIn(mail!)).toHaveLength(1);
    expect(textOf(mail!)).toContain("1 of 2 dates are booked");
    expect(textOf(mail!)).toContain("Wednesday 17 March 2027, 16:00: not booked, cancelled since it was booked");
    expect(readCalendar(calendarOf(mail!)).calendar.getAllSubcomponents("vevent")).toHaveLength(1);
  });

  it("books one series with one mail when its form is sent twice at once", async () => {
    const email = "twice-at-once@example.com";
    const send = sendForm(email, "2027-03-09", 3, "a-form-sent-twice-at-once-0123");
    const answers = await Promise.all([send(), send()]);
    expect(answers.map((answer) => answer.status)).toEqual([201, 201]);
    expect(answers[1]!.body.series).toEqual(answers[0]!.body.series);
    expect(answers[0]!.body.series!.map((occurrence) => occurrence.status)).toEqual(["booked", "booked", "booked"]);
    await api.runJobs({ now: clockNow });
    expect(await bookingsOf(email)).toHaveLength(3);
    expect(seriesMails(email)).toHaveLength(1);
  });
});

describe("cancelling this and all later ones", () => {
  it("cancels the chosen date and every later one, keeping the earlier ones and their reminders", async () => {
    const email = "cancel-later@example.com";
    const booked = await bookSeries(email, "2027-03-04", { everyWeeks: 1, times: 4 }, "15:00");
    expect(booked.status).toBe(201);
    await api.runJobs({ now: clockNow });
    const tokens = tokensIn(sink.to(email)[0]!);
    const first = await api.anonymous().get<ManagedBooking>(`/api/bookings/manage/${tokens[0]}`);
    expect(first.body.laterInSeries).toBe(3);

    const refused = await api.anonymous().post(`/api/bookings/manage/${tokens[1]}/cancel`, { scope: "all" });
    expect(refused.status).toBe(400);

    const cancelled = await api
      .anonymous()
      .post<ManagedBooking>(`/api/bookings/manage/${tokens[1]}/cancel`, { scope: "following" });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: "cancelled", date: "2027-03-11", laterInSeries: 0 });
    const rows = await bookingsOf(email);
    expect(rows.map((row) => row.status)).toEqual(["confirmed", "cancelled", "cancelled", "cancelled"]);
    expect(await findJob(api.db, reminderKey(rows[0]!.id))).toBeDefined();
    for (const row of rows.slice(1)) expect(await findJob(api.db, reminderKey(row.id))).toBeUndefined();
    expect((await api.anonymous().get<ManagedBooking>(`/api/bookings/manage/${tokens[0]}`)).body.laterInSeries).toBe(0);
  });

  it("cancels one date alone without a scope", async () => {
    const email = "cancel-one@example.com";
    await bookSeries(email, "2027-03-05", { everyWeeks: 1, times: 3 }, "15:00");
    await api.runJobs({ now: clockNow });
    const tokens = tokensIn(sink.to(email)[0]!);
    expect((await api.anonymous().post(`/api/bookings/manage/${tokens[1]}/cancel`)).status).toBe(200);
    expect((await bookingsOf(email)).map((row) => row.status)).toEqual(["confirmed", "cancelled", "confirmed"]);
  });
});
