import ICAL from "ical.js";
import { requestContext } from "../../../server/request-context";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NAME_ONE_LINE_MESSAGE } from "~/features/customers/customer-name.schema";
import { findJob } from "~/features/jobs/jobs.server";
import { startClockAt } from "~/lib/clock";
import { dayOfWeek } from "~/features/settings/opening-hours";
import { loadSettings, saveSettings } from "~/features/settings/settings.server";
import type { TeamMember } from "~/features/team/team.schema";
import { addDays, shopInstant, shopToday } from "~/lib/shop-time";
import { expectDocumented } from "../../../tests/support/api-contract";
import { startSmtpSink, type SmtpSink } from "../../../tests/support/smtp-sink";
import { startTestApi, type TestApi, type TestClient } from "../../../tests/support/test-app";
import type { AvailableTime } from "./rules/availability";
import { SHOP_MOVE_MAIL_DELAY_MS, reminderInstant, reminderKey } from "./booking-jobs.server";
import { walkInSchema } from "./booking.schema";
import { ENDS_AFTER_MIDNIGHT_MESSAGE, SLOT_TAKEN_MESSAGE } from "./booking-messages.schema";
import { readCalendarFeed } from "./calendar-feed.server";
import { readCalendar } from "./ics.testing";
import { placeAppointment } from "./write/place.server";
import { bookWalkIn as recordWalkIn } from "./write/walk-in.server";

const PUBLIC_URL = "http://barbers.test";

let sink: SmtpSink;
let api: TestApi;
let admin: TestClient;
let cutId: string;
const team: Record<"alex" | "bea", TeamMember> = {} as never;

/** Thursdays ahead, the first at least four days away, one per test. */
const thursdays = (() => {
  let date = addDays(shopToday(), 4);
  while (dayOfWeek(date) !== 4) date = addDays(date, 1);
  return Array.from({ length: 8 }, (_, index) => addDays(date, index * 7));
})();

let customers = 0;
async function book(date: string, startTime: string, memberId: number) {
  customers += 1;
  const email = `calendar${customers}@example.com`;
  const response = await api.anonymous().post("/api/bookings", {
    customerName: "Sam Taylor",
    customerEmail: email,
    customerPhone: "07911 123456",
    notes: "Short at the back",
    services: [cutId],
    date,
    startTime,
    memberId,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  const { id } = await api.db
    .selectFrom("bookings")
    .select("id")
    .where("reference", "=", response.body.reference)
    .executeTakeFirstOrThrow();
  return { id, token: response.body.manageToken as string, reference: response.body.reference as string, email };
}

const offered = async (date: string, memberId: number) =>
  (
    (await api.anonymous().get(`/api/availability?date=${date}&services=${cutId}&member=${memberId}`))
      .body as AvailableTime[]
  ).map((time) => time.startTime);

const move = (id: number, body: object) => admin.post(`/api/bookings/${id}/move`, body);

beforeAll(async () => {
  sink = await startSmtpSink();
  api = await startTestApi({ env: { PUBLIC_URL, SMTP_URL: sink.url, BOOKING_MAX_PER_HOUR: "1000" } });
  admin = await api.admin();
  cutId = String(
    (
      await admin.post("/api/services", {
        title: "Scissor Cut",
        price: 20,
        duration: 30,
        description: "Done properly.",
        icon: "Scissors",
        category: "hair",
      })
    ).body.id,
  );
  const settings = await loadSettings(api.db);
  await saveSettings(api.db, {
    ...settings,
    openingHours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, ranges: [{ start: "09:00", end: "17:00" }] })),
  });
  const weekdays = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, ranges: [{ start: "09:00", end: "17:00" }] }));
  for (const name of ["alex", "bea"] as const) {
    const response = await admin.post("/api/team", {
      name: name === "alex" ? "Alex" : "Bea",
      bio: "",
      image: null,
      serviceIds: [cutId],
      weeklyHours: weekdays,
      timeOff: [],
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    team[name] = response.body as TeamMember;
  }
});
afterAll(async () => {
  await api.close();
  await sink.close();
});

describe("POST /api/bookings/{id}/move", () => {
  it("moves a booking to another barber and time; the customer is mailed with the same UID and a higher SEQUENCE, the reminder moves", async () => {
    const date = thursdays[0]!;
    const booking = await book(date, "10:00", team.alex.id);
    await api.runJobs();
    const firstIcs = readCalendar(
      sink
        .to(booking.email)
        .at(-1)!
        .leaves.find((leaf) => leaf.headers.get("content-type")?.includes("calendar"))!.body,
    );

    const response = await move(booking.id, { date, startTime: "14:00", memberId: team.bea.id });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    await expectDocumented(response);
    expect(response.body).toMatchObject({
      reference: booking.reference,
      date,
      startTime: "14:00",
      endTime: "14:30",
      memberName: "Bea",
      sequence: 1,
      previous: { date, startTime: "10:00", memberId: team.alex.id },
      outsideHours: false,
    });
    expect(await offered(date, team.alex.id)).toContain("10:00");
    expect(await offered(date, team.bea.id)).not.toContain("14:00");
    const { reminderLeadHours } = await loadSettings(api.db);
    expect((await findJob(api.db, reminderKey(booking.id)))?.run_at).toBe(
      reminderInstant(date, "14:00", reminderLeadHours).toISOString(),
    );
    // The manage link shows the new time.
    expect((await api.anonymous().get(`/api/bookings/manage/${booking.token}`)).body).toMatchObject({
      startTime: "14:00",
      memberName: "Bea",
    });

    // The mail waits out the Undo, then tells the customer, with the link from their confirmation.
    const before = sink.to(booking.email).length;
    await api.runJobs();
    expect(sink.to(booking.email)).toHaveLength(before);
    await api.runJobs({ now: () => new Date(Date.now() + SHOP_MOVE_MAIL_DELAY_MS + 1000) });
    const mail = sink.to(booking.email).at(-1)!;
    expect(mail.subject).toMatch(/has moved to/);
    expect(mail.leaves[0]!.body).toContain("We have moved your appointment");
    expect(mail.leaves[0]!.body).toContain(`${PUBLIC_URL}/bookings/manage/${booking.token}`);
    const ics = readCalendar(mail.leaves.find((leaf) => leaf.headers.get("content-type")?.includes("calendar"))!.body);
    expect(ics.event.uid).toBe(firstIcs.event.uid);
    expect(ics.event.sequence).toBe(1);
    expect(ics.event.startDate.toJSDate()).toEqual(shopInstant(date, "14:00"));
  });

  it("an undone move sends the customer nothing", async () => {
    const date = thursdays[1]!;
    const booking = await book(date, "10:00", team.alex.id);
    await api.runJobs();
    const before = sink.to(booking.email).length;
    expect((await move(booking.id, { date, startTime: "11:00", memberId: team.alex.id })).status).toBe(200);
    const undo = await move(booking.id, { date, startTime: "10:00", memberId: team.alex.id });
    expect(undo.status).toBe(200);
    expect(undo.body.sequence).toBe(2);
    await api.runJobs({ now: () => new Date(Date.now() + SHOP_MOVE_MAIL_DELAY_MS + 1000) });
    expect(sink.to(booking.email)).toHaveLength(before);
  });

  it("a taken time is 409 with the engine's message and the booking stays", async () => {
    const date = thursdays[2]!;
    const mine = await book(date, "09:00", team.alex.id);
    await book(date, "12:00", team.bea.id);
    const response = await move(mine.id, { date, startTime: "12:15", memberId: team.bea.id });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ message: SLOT_TAKEN_MESSAGE });
    await expectDocumented(response);
    expect(await offered(date, team.alex.id)).not.toContain("09:00");
  });

  it("outside the barber's hours only with override, which the audit log records", async () => {
    const date = thursdays[3]!;
    const booking = await book(date, "16:00", team.alex.id);
    const refused = await move(booking.id, { date, startTime: "17:30", memberId: team.alex.id });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `That time is outside Alex's working hours. Tick "Outside hours" to place it there anyway.`,
    );
    const placed = await move(booking.id, { date, startTime: "17:30", memberId: team.alex.id, override: true });
    expect(placed.status).toBe(200);
    expect(placed.body).toMatchObject({ startTime: "17:30", outsideHours: true });
    const audit = await api.db
      .selectFrom("audit_log")
      .select(["action", "target_id"])
      .where("kind", "=", "bookings")
      .execute();
    expect(audit).toContainEqual({ action: "move booking outside hours", target_id: String(booking.id) });
    expect((await move(booking.id, { date: "2026-02-30", startTime: "10:00" })).status).toBe(400);
    expect((await move(999999, { date, startTime: "10:00" })).status).toBe(404);
    expect((await api.anonymous().post(`/api/bookings/${booking.id}/move`, { date, startTime: "10:00" })).status).toBe(
      401,
    );
  });
});

describe("an appointment past midnight", () => {
  it("is refused with 400 and one message, for a move with override and for a walk-in, and nothing changes", async () => {
    const date = thursdays[6]!;
    const booking = await book(date, "15:00", team.alex.id);
    const late = await move(booking.id, { date, startTime: "23:40", memberId: team.alex.id, override: true });
    expect(late.status).toBe(400);
    expect(late.body).toEqual({ message: ENDS_AFTER_MIDNIGHT_MESSAGE });
    await expectDocumented(late);
    const lastMinute = await move(booking.id, { date, startTime: "23:30", memberId: team.alex.id, override: true });
    expect(lastMinute.status, JSON.stringify(lastMinute.body)).toBe(200);
    // Ending at midnight itself is the end of that day: the calendar file ends it at 00:00 the next.
    const ics = await api.anonymous().get(`/api/bookings/manage/${booking.token}/calendar.ics`);
    expect(ics.text).toContain(`DTEND;TZID=Europe/London:${addDays(date, 1).replace(/-/g, "")}T000000`);
    expect(readCalendar(ics.text).event.endDate.toString()).toBe(`${addDays(date, 1)}T00:00:00`);

    const walkIn = await admin.post("/api/bookings/walk-in", { services: [cutId], date, startTime: "23:55" });
    expect(walkIn.status).toBe(400);
    expect(walkIn.body).toEqual({ message: ENDS_AFTER_MIDNIGHT_MESSAGE });
    await expect(
      recordWalkIn(requestContext(api.ctx), walkInSchema.parse({ services: [cutId] }), shopInstant(date, "23:55")),
    ).rejects.toMatchObject({ status: 400, message: ENDS_AFTER_MIDNIGHT_MESSAGE });
  });
});

describe("POST /api/bookings/walk-in", () => {
  it("records a walk-in now with the first free barber, at a given time, and names the next free time when nobody is", async () => {
    const date = thursdays[4]!;
    const at = (time: string) => shopInstant(date, time);
    // Two customers already in the chairs from 14:00 to 14:30 (the buffer counts as the engine counts it).
    await book(date, "14:00", team.alex.id);
    const now = await recordWalkIn(requestContext(api.ctx), walkInSchema.parse({ services: [cutId] }), at("10:07"));
    expect(now).toMatchObject({ date, startTime: "10:05", endTime: "10:35", customerName: "Walk-in" });

    const given = await admin.post("/api/bookings/walk-in", {
      services: [cutId],
      date,
      startTime: "14:00",
      customerName: "Jo",
    });
    expect(given.status, JSON.stringify(given.body)).toBe(201);
    await expectDocumented(given);
    expect(given.body).toMatchObject({ startTime: "14:00", memberName: "Bea", customerName: "Jo" });

    const { bookingBufferMinutes } = await loadSettings(api.db);
    const nextFree = `14:${String(30 + bookingBufferMinutes).padStart(2, "0")}`;
    await expect(
      recordWalkIn(requestContext(api.ctx), walkInSchema.parse({ services: [cutId] }), at("14:12")),
    ).rejects.toMatchObject({
      status: 409,
      message: `No barber is free for Scissor Cut now; the next free time is ${nextFree} with Alex.`,
    });
    const row = await api.db
      .selectFrom("bookings")
      .select(["customer_email", "attendance", "mail_status"])
      .where("reference", "=", given.body.reference)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ customer_email: "", attendance: "attended", mail_status: "not-configured" });
  });

  it("refuses a name with a control character, as a customer's own booking does: nothing reaches the feed", async () => {
    const date = thursdays[7]!;
    const bell = await admin.post("/api/bookings/walk-in", {
      services: [cutId],
      date,
      startTime: "11:00",
      customerName: "Pat\u0007 Walker",
    });
    expect(bell.status).toBe(400);
    expect(bell.body).toMatchObject({ message: NAME_ONE_LINE_MESSAGE });
    const rows = await api.db.selectFrom("bookings").select("customer_name").execute();
    expect(rows.map((row) => row.customer_name).join("")).not.toContain("\u0007");
  });

  it("takes an empty time (and day) as now on the shop's clock, as the desk's form posts them", async () => {
    const date = thursdays[5]!;
    startClockAt(shopInstant(date, "11:42"));
    try {
      const now = await admin.post("/api/bookings/walk-in", { services: [cutId], date: "", startTime: "" });
      expect(now.status, JSON.stringify(now.body)).toBe(201);
      expect(now.body).toMatchObject({ date, startTime: "11:40" });
      // "Now" is today: another day needs its time, said on the time field.
      const later = await admin.post("/api/bookings/walk-in", { services: [cutId], date: thursdays[6], startTime: "" });
      expect(later.status).toBe(400);
      expect(later.body.issues).toEqual([{ path: "startTime", message: later.body.message }]);
      expect(later.body.message).toMatch(/^Please enter the start time: an empty time means now/);
    } finally {
      startClockAt(new Date());
    }
  });

  it("the owner's booking for a caller is not held to the public notice, and a refusal names its real reason", async () => {
    const date = thursdays[4]!;
    const caller = (startTime: string, memberId = team.bea.id) => ({
      customerName: "Caller",
      customerEmail: "caller@example.com",
      customerPhone: "07911123456",
      notes: "",
      smsConsent: false,
      services: [Number(cutId)],
      date,
      startTime,
      memberId,
    });
    const settings = await loadSettings(api.db);
    await saveSettings(api.db, { ...settings, minimumNoticeMinutes: 120 });
    try {
      const now = shopInstant(date, "16:13");
      await expect(
        placeAppointment(requestContext(api.ctx), caller("16:25"), { client: "test", now }),
      ).rejects.toMatchObject({
        status: 409,
      });
      const booked = await placeAppointment(requestContext(api.ctx), caller("16:25"), {
        client: "test",
        byAdmin: true,
        now,
      });
      expect(booked).toMatchObject({ startTime: "16:25", memberName: "Bea" });
      await expect(
        placeAppointment(requestContext(api.ctx), caller("16:45", team.alex.id), {
          client: "test",
          byAdmin: true,
          now,
        }),
      ).rejects.toMatchObject({
        status: 409,
        message: `That time is outside Alex's working hours. Tick "Outside hours" to place it there anyway.`,
      });
    } finally {
      await saveSettings(api.db, settings);
    }
  });
});

describe("blocks", () => {
  it("a block takes the time out of availability; one over a booking is refused with the list; deleting frees it", async () => {
    const date = thursdays[5]!;
    const blocked = await admin.post(`/api/team/${team.alex.id}/blocks`, {
      date,
      start: "13:00",
      end: "13:30",
      note: "Lunch",
    });
    expect(blocked.status, JSON.stringify(blocked.body)).toBe(201);
    await expectDocumented(blocked);
    expect(await offered(date, team.alex.id)).not.toContain("13:00");
    expect(await offered(date, team.bea.id)).toContain("13:00");

    const booking = await book(date, "15:00", team.alex.id);
    const over = await admin.post(`/api/team/${team.alex.id}/blocks`, { date, start: "14:45", end: "15:15", note: "" });
    expect(over.status).toBe(409);
    await expectDocumented(over);
    expect(over.body.bookings).toEqual([
      {
        id: booking.id,
        reference: booking.reference,
        date,
        startTime: "15:00",
        endTime: "15:30",
        customerName: "Sam Taylor",
      },
    ]);
    expect(over.body.message).toContain(booking.reference);

    const bad = await admin.post(`/api/team/${team.alex.id}/blocks`, { date, start: "14:00", end: "13:00" });
    expect(bad.status).toBe(400);

    const removed = await admin.delete(`/api/team/${team.alex.id}/blocks/${blocked.body.id}`);
    expect(removed.status).toBe(204);
    expect(await offered(date, team.alex.id)).toContain("13:00");
    expect((await admin.delete(`/api/team/${team.alex.id}/blocks/${blocked.body.id}`)).status).toBe(404);
    expect(
      (await api.anonymous().post(`/api/team/${team.alex.id}/blocks`, { date, start: "13:00", end: "13:30" })).status,
    ).toBe(401);
  });
});

describe("calendar feeds", () => {
  const feedPath = (url: string) => new URL(url).pathname;

  it("lists the barber's bookings with the customer's UID, not another barber's; a cancelled one as CANCELLED; ETag and 304; a renewed token retires the old", async () => {
    const date = thursdays[6]!;
    const mine = await book(date, "10:00", team.alex.id);
    const theirs = await book(date, "11:00", team.bea.id);
    const cancelled = await book(date, "12:00", team.alex.id);
    expect((await api.anonymous().post(`/api/bookings/manage/${cancelled.token}/cancel`)).status).toBe(200);

    const made = await admin.post(`/api/team/${team.alex.id}/calendar-feed`);
    expect(made.status).toBe(200);
    await expectDocumented(made);
    const response = await api.anonymous().get(feedPath(made.body.url));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/calendar/);
    expect(response.text).toContain("REFRESH-INTERVAL;VALUE=DURATION:PT15M");
    expect(response.text).toContain("X-PUBLISHED-TTL:PT15M");
    const { calendar } = readCalendar(response.text);
    const events = calendar.getAllSubcomponents("vevent").map((vevent) => new ICAL.Event(vevent));
    const byUid = new Map(events.map((event) => [event.uid, event]));
    const uidOf = async (token: string) =>
      readCalendar((await api.anonymous().get(`/api/bookings/manage/${token}/calendar.ics`)).text).event.uid;
    const event = byUid.get(await uidOf(mine.token))!;
    expect(event.summary).toBe("Sam Taylor — Scissor Cut");
    expect(event.description).toContain("Phone: 07911123456");
    expect(event.description).toContain("Notes: Short at the back");
    expect(event.startDate.toJSDate()).toEqual(shopInstant(date, "10:00"));
    expect(byUid.has(await uidOf(theirs.token))).toBe(false);
    const gone = events.find((other) => other.description.includes(cancelled.reference))!;
    expect(gone.component.getFirstPropertyValue("status")).toBe("CANCELLED");

    const etag = response.headers.get("etag")!;
    expect(etag).toBeTruthy();
    const again = await api.anonymous().request("GET", feedPath(made.body.url), { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);

    const renewed = await admin.post(`/api/team/${team.alex.id}/calendar-feed`);
    expect(renewed.body.url).not.toBe(made.body.url);
    expect((await api.anonymous().get(feedPath(made.body.url))).status).toBe(404);
    expect((await api.anonymous().get(feedPath(renewed.body.url))).status).toBe(200);
    expect((await api.anonymous().get("/api/calendar-feeds/not-a-token.ics")).status).toBe(404);
    expect((await api.anonymous().post(`/api/team/${team.alex.id}/calendar-feed`)).status).toBe(401);

    const shop = await admin.post("/api/calendar-feed");
    const whole = readCalendar((await api.anonymous().get(feedPath(shop.body.url))).text).calendar;
    expect(whole.getAllSubcomponents("vevent").length).toBeGreaterThanOrEqual(3);
  });

  it("keeps the wall-clock time across the clock change, and limits fetches per address", async () => {
    // The last Sunday of October 2026: a booking the day before and the day after the change.
    const before = await book("2026-10-24", "10:00", team.bea.id).catch(() => undefined);
    const made = await admin.post(`/api/team/${team.bea.id}/calendar-feed`);
    const token = new URL(made.body.url).pathname
      .split("/")
      .at(-1)!
      .replace(/\.ics$/, "");
    const { ics } = await readCalendarFeed(
      requestContext(api.ctx),
      token,
      "198.51.100.1",
      new Date("2026-10-20T12:00:00Z"),
    );
    const { calendar } = readCalendar(ics);
    const starts = calendar
      .getAllSubcomponents("vevent")
      .map((vevent) => new ICAL.Event(vevent).startDate.toJSDate().toISOString());
    if (before) expect(starts).toContain("2026-10-24T09:00:00.000Z");
    for (let fetch = 0; fetch < 120; fetch++) {
      await readCalendarFeed(requestContext(api.ctx), token, "198.51.100.2");
    }
    await expect(readCalendarFeed(requestContext(api.ctx), token, "198.51.100.2")).rejects.toMatchObject({
      status: 429,
    });
  });
});
