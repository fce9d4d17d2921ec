import { requestContext } from "../../../server/request-context";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findJob } from "~/features/jobs/jobs.server";
import { dayOfWeek } from "~/features/settings/opening-hours";
import { loadSettings, saveSettings } from "~/features/settings/settings.server";
import type { TeamMember } from "~/features/team/team.schema";
import { addDays, shopToday } from "~/lib/shop-time";
import { startSmtpSink, type ReceivedMail, type SmtpSink } from "../../../tests/support/smtp-sink";
import { expectDocumented } from "../../../tests/support/api-contract";
import { startTestApi, type TestApi, type TestClient } from "../../../tests/support/test-app";
import type { AvailableTime } from "./rules/availability";
import { reminderKey, reminderInstant } from "./booking-jobs.server";
import { type ManagedBooking, type PublicSlot } from "./booking-answers.schema";
import { MAX_ONLINE_MOVES, NOT_ENOUGH_TIME_MESSAGE } from "./booking-messages.schema";
import { readCalendar } from "./ics.testing";
import { rescheduleBookingByToken } from "./write/move.server";

const PUBLIC_URL = "http://barbers.test";
const SHOP_EMAIL = "shop@barbers.test";

let sink: SmtpSink;
let api: TestApi;
let admin: TestClient;
let cutId: string;
const team: Record<"alex" | "bea", TeamMember> = {} as never;

/** Thursdays ahead, the first at least four days away: well outside the notice period, one per test. */
const thursdays = (() => {
  let date = addDays(shopToday(), 4);
  while (dayOfWeek(date) !== 4) date = addDays(date, 1);
  return Array.from({ length: 7 }, (_, index) => addDays(date, index * 7));
})();

let customers = 0;
/** A customer books a 30-minute cut with a barber (or anyone) through the public API. */
async function book(date: string, startTime: string, memberId?: number) {
  customers += 1;
  const response = await api.anonymous().post("/api/bookings", {
    customerName: "Sam Taylor",
    customerEmail: `mover${customers}@example.com`,
    customerPhone: "07911 123456",
    notes: "",
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
  return {
    id,
    token: response.body.manageToken as string,
    reference: response.body.reference as string,
    email: `mover${customers}@example.com`,
  };
}

const move = (token: string, body: object) => api.anonymous().post(`/api/bookings/manage/${token}/reschedule`, body);

const offered = async (date: string, memberId: number) =>
  (
    (await api.anonymous().get(`/api/availability?date=${date}&services=${cutId}&member=${memberId}`))
      .body as AvailableTime[]
  ).map((time) => time.startTime);

const slotsOf = (bookingId: number) =>
  api.db
    .selectFrom("booking_slots as s")
    .innerJoin("bookings as b", "b.slot_id", "s.id")
    .select(["s.date", "s.start_time", "s.member_id", "s.status", "b.sequence", "b.status as booking_status"])
    .where("b.id", "=", bookingId)
    .executeTakeFirstOrThrow();

beforeAll(async () => {
  sink = await startSmtpSink();
  api = await startTestApi({
    onDisk: true,
    env: {
      PUBLIC_URL,
      SMTP_URL: sink.url,
      SHOP_EMAIL,
      BOOKING_MAX_PER_HOUR: "1000",
      BOOKING_MAX_PER_EMAIL_PER_HOUR: "1000",
    },
  });
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
  const weekdays = [2, 3, 4, 5, 6].map((day) => ({ day, ranges: [{ start: "09:00", end: "17:00" }] }));
  for (const name of ["alex", "bea"] as const) {
    const response = await admin.post("/api/team", {
      name: name === "alex" ? "Alex" : "Bea",
      bio: "",
      image: null,
      serviceIds: [cutId],
      weeklyHours: weekdays,
      timeOff: [],
    });
    team[name] = response.body as TeamMember;
  }
});
afterAll(async () => {
  await api.close();
  await sink.close();
});

describe("POST /api/bookings/manage/{token}/reschedule", () => {
  it("moves the booking to the new time with the same barber, frees the old time and keeps the reference", async () => {
    const date = thursdays[0]!;
    const booking = await book(date, "10:00", team.alex.id);
    const later = addDays(date, 1);

    const response = await move(booking.token, { date: later, startTime: "14:30", memberId: team.alex.id });
    expect(response.status).toBe(200);
    await expectDocumented(response);
    expect(response.body).toMatchObject({
      reference: booking.reference,
      status: "confirmed",
      date: later,
      startTime: "14:30",
      endTime: "15:00",
      memberId: team.alex.id,
      memberName: "Alex",
      canReschedule: true,
    } satisfies Partial<ManagedBooking>);
    expect(await slotsOf(booking.id)).toMatchObject({ date: later, start_time: "14:30", sequence: 1 });
    expect(await offered(date, team.alex.id)).toContain("10:00");
    expect(await offered(later, team.alex.id)).not.toContain("14:30");
    expect((await api.anonymous().get(`/api/bookings/manage/${booking.token}`)).body).toMatchObject({
      date: later,
      startTime: "14:30",
    });
  });

  it("may move within the booking's own time, and with no barber named gives it to whoever is free", async () => {
    const date = thursdays[1]!;
    const booking = await book(date, "11:00", team.alex.id);
    const nudged = await move(booking.token, { date, startTime: "11:15", memberId: team.alex.id });
    expect(nudged.status).toBe(200);
    expect(nudged.body).toMatchObject({ startTime: "11:15", memberName: "Alex" });

    await book(date, "15:00", team.alex.id);
    const anyone = await move(booking.token, { date, startTime: "15:00" });
    expect(anyone.status).toBe(200);
    expect(anyone.body).toMatchObject({ startTime: "15:00", memberName: "Bea" });
  });

  it("answers 409 when the time is gone and leaves the booking where it was", async () => {
    const date = thursdays[2]!;
    const mine = await book(date, "09:00", team.alex.id);
    await book(date, "12:00", team.alex.id);
    const response = await move(mine.token, { date, startTime: "12:15", memberId: team.alex.id });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ message: NOT_ENOUGH_TIME_MESSAGE });
    await expectDocumented(response);
    expect(await slotsOf(mine.id)).toMatchObject({ date, start_time: "09:00", status: "booked", sequence: 0 });
    expect(await offered(date, team.alex.id)).not.toContain("09:00");
  });

  it("refuses bad input, the same time, a cancelled booking, too many moves and a change inside the notice period", async () => {
    const date = thursdays[3]!;
    const booking = await book(date, "10:00", team.bea.id);
    expect((await move(booking.token, { startTime: "11:00" })).status).toBe(400);
    expect((await move(booking.token, { date: "2026-02-30", startTime: "11:00" })).status).toBe(400);
    const same = await move(booking.token, { date, startTime: "10:00", memberId: team.bea.id });
    expect(same.status).toBe(400);
    expect(same.body.message).toBe("That is already the time of your booking. Please choose another time.");
    expect((await move("x".repeat(43), { date, startTime: "11:00" })).status).toBe(404);

    for (let moves = 1; moves <= MAX_ONLINE_MOVES; moves++) {
      const startTime = `${String(10 + moves).padStart(2, "0")}:00`;
      expect((await move(booking.token, { date, startTime, memberId: team.bea.id })).status).toBe(200);
    }
    const shown = (await api.anonymous().get(`/api/bookings/manage/${booking.token}`)).body as ManagedBooking;
    expect(shown).toMatchObject({ canReschedule: false, canCancel: true });
    const tooMany = await move(booking.token, { date, startTime: "09:00", memberId: team.bea.id });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.message).toMatch(/^This booking has been moved online several times already/);

    // Within 720 hours (30 days): inside the notice period set below.
    const late = await book(thursdays[0]!, "16:30", team.bea.id);
    const settings = await loadSettings(api.db);
    await saveSettings(api.db, { ...settings, cancellationNoticeHours: 720 });
    try {
      const tooLate = await move(late.token, { date: thursdays[0], startTime: "11:00", memberId: team.bea.id });
      expect(tooLate.status).toBe(409);
      expect(tooLate.body.message).toBe(
        `Bookings can only be changed online up to 720 hours before the appointment. Please call us on ${settings.phone}.`,
      );
    } finally {
      await saveSettings(api.db, settings);
    }

    expect((await api.anonymous().post(`/api/bookings/manage/${late.token}/cancel`)).status).toBe(200);
    const cancelled = await move(late.token, { date: thursdays[0], startTime: "11:00", memberId: team.bea.id });
    expect(cancelled.status).toBe(409);
    expect(cancelled.body.message).toBe("This booking has already been cancelled.");
  });

  it("moves a booking off one of the shop's manual slots, whose time stays busy until the slot is free again", async () => {
    const date = thursdays[5]!;
    const slot = (
      await admin.post("/api/booking-slots", {
        date,
        startTime: "09:00",
        endTime: "09:30",
        status: "available",
        memberId: team.alex.id,
      })
    ).body as PublicSlot;
    const booked = await api.anonymous().patch(`/api/booking-slots/${slot.id}`, {
      customerName: "Sam Taylor",
      customerEmail: "manual@example.com",
      customerPhone: "07911 123456",
      notes: "",
      services: [cutId],
    });
    expect(booked.status).toBe(200);
    // The manual slot goes back on offer to everyone: a move may not take a time that overlaps it.
    const overlapping = await move(booked.body.manageToken, { date, startTime: "09:15", memberId: team.alex.id });
    expect(overlapping.status).toBe(409);
    const moved = await move(booked.body.manageToken, { date, startTime: "13:00", memberId: team.alex.id });
    expect(moved.status).toBe(200);
    const manual = await api.db
      .selectFrom("booking_slots")
      .select("status")
      .where("id", "=", slot.id)
      .executeTakeFirst();
    expect(manual?.status).toBe("available");
  });

  it("keeps the barber or takes anyone free, never another named barber", async () => {
    const date = thursdays[5]!;
    const booking = await book(date, "15:00", team.alex.id);
    const other = await move(booking.token, { date, startTime: "16:00", memberId: team.bea.id });
    expect(other.status).toBe(400);
    expect(other.body.message).toBe(
      "A booking can move with the same barber or to anyone free. Please call us to change barber.",
    );
    expect(await slotsOf(booking.id)).toMatchObject({ start_time: "15:00", sequence: 0 });
  });

  it("refuses more moves than the shop's booking limit from one address in an hour", async () => {
    const date = thursdays[6]!;
    const booking = await book(date, "11:00", team.bea.id);
    const strict = {
      ...requestContext(api.ctx),
      config: { ...api.ctx.config, limits: { ...api.ctx.config.limits, bookingPerHour: 2 } },
    };
    const to = (startTime: string) => ({ date, startTime, memberId: team.bea.id });
    const client = "203.0.113.7";
    await rescheduleBookingByToken(strict, booking.token, to("11:30"), { client });
    await expect(rescheduleBookingByToken(strict, booking.token, to("11:30"), { client })).rejects.toMatchObject({
      status: 400,
    });
    await expect(rescheduleBookingByToken(strict, booking.token, to("12:00"), { client })).rejects.toMatchObject({
      status: 429,
    });
    await rescheduleBookingByToken(strict, booking.token, to("12:00"), { client: "203.0.113.8" });
    expect(await slotsOf(booking.id)).toMatchObject({ start_time: "12:00", sequence: 2 });
  });

  it("a cancel after a move frees the new time", async () => {
    const date = thursdays[6]!;
    const booking = await book(date, "09:30", team.alex.id);
    expect((await move(booking.token, { date, startTime: "16:00", memberId: team.alex.id })).status).toBe(200);
    expect((await api.anonymous().post(`/api/bookings/manage/${booking.token}/cancel`)).status).toBe(200);
    expect(await offered(date, team.alex.id)).toEqual(expect.arrayContaining(["09:30", "16:00"]));
  });
});

describe("the reminder and the mails of a move", () => {
  it("moves the reminder with the booking, and drops it when the new time is inside the lead time", async () => {
    const date = addDays(thursdays[0]!, 1);
    const booking = await book(date, "09:00", team.bea.id);
    const { reminderLeadHours } = await loadSettings(api.db);
    const reminderAt = async () => (await findJob(api.db, reminderKey(booking.id)))?.run_at;
    expect(await reminderAt()).toBe(reminderInstant(date, "09:00", reminderLeadHours).toISOString());

    const later = addDays(date, 7);
    expect((await move(booking.token, { date: later, startTime: "16:30", memberId: team.bea.id })).status).toBe(200);
    expect(await reminderAt()).toBe(reminderInstant(later, "16:30", reminderLeadHours).toISOString());

    const settings = await loadSettings(api.db);
    await saveSettings(api.db, { ...settings, reminderLeadHours: 168 });
    try {
      // A week's lead time: any time in the next six days is already inside it.
      let soon = addDays(shopToday(), 1);
      while ((await offered(soon, team.bea.id)).length === 0) soon = addDays(soon, 1);
      const time = (await offered(soon, team.bea.id))[0];
      expect((await move(booking.token, { date: soon, startTime: time, memberId: team.bea.id })).status).toBe(200);
      expect(await reminderAt()).toBeUndefined();
    } finally {
      await saveSettings(api.db, settings);
    }
  });

  it("mails the customer and the shop through a real SMTP server; the new calendar file keeps the UID with a higher SEQUENCE", async () => {
    const date = addDays(thursdays[1]!, 1);
    const booking = await book(date, "10:00", team.alex.id);
    await api.runJobs();
    const confirmation = sink.to(booking.email).find((mail) => mail.subject.startsWith("Your appointment at"));
    expect(confirmation).toBeDefined();
    const before = readCalendar(calendarOf(confirmation!)).vevent;

    const later = addDays(date, 1);
    expect((await move(booking.token, { date: later, startTime: "15:00", memberId: team.alex.id })).status).toBe(200);
    await api.runJobs();

    const movedMails = sink.to(booking.email).filter((mail) => mail.subject.includes("has moved to"));
    expect(movedMails, "the customer's mail, once").toHaveLength(1);
    const moved = movedMails[0];
    const text = textOf(moved!);
    expect(text).toContain(`${PUBLIC_URL}/bookings/manage/${booking.token}`);
    expect(text).toMatch(/Time: 15:00 – 15:30/);
    expect(text).toMatch(/Previously: .* 10:00 – 10:30 with Alex/);
    const after = readCalendar(calendarOf(moved!));
    expect(after.vevent.getFirstPropertyValue("uid")).toBe(before.getFirstPropertyValue("uid"));
    expect(Number(after.vevent.getFirstPropertyValue("sequence"))).toBeGreaterThan(
      Number(before.getFirstPropertyValue("sequence")),
    );
    expect(after.event.startDate.toString()).toContain(`${later}T15:00:00`);

    const shop = sink
      .to(SHOP_EMAIL)
      .find((mail) => mail.subject.startsWith("Booking moved:") && mail.subject.includes(booking.reference));
    expect(shop, "the shop's notice").toBeDefined();
    expect(textOf(shop!)).toContain(booking.email);
    expect(textOf(shop!)).toMatch(/Previously: .* 10:00 – 10:30 with Alex/);

    const ics = await api.anonymous().get(`/api/bookings/manage/${booking.token}/calendar.ics`);
    expect(ics.text).toContain("SEQUENCE:1");
  });
  it("does not send a mail about a time the customer has moved away from since", async () => {
    const date = addDays(thursdays[4]!, 1);
    const booking = await book(date, "09:00", team.bea.id);
    expect((await move(booking.token, { date, startTime: "10:00", memberId: team.bea.id })).status).toBe(200);
    expect((await move(booking.token, { date, startTime: "11:00", memberId: team.bea.id })).status).toBe(200);
    await api.runJobs();
    const mails = sink.to(booking.email);
    expect(mails.map((mail) => mail.subject)).toEqual([expect.stringMatching(/has moved to .*11:00 – 11:30/)]);
  });
});

describe("racing moves", () => {
  it("two customers moving to the same time, and a new booking for it: exactly one gets it", async () => {
    const date = addDays(thursdays[2]!, 1);
    const first = await book(date, "09:00", team.alex.id);
    const second = await book(date, "09:30", team.alex.id);
    const target = { date, startTime: "13:00", memberId: team.alex.id };
    const responses = await Promise.all([
      move(first.token, target),
      move(second.token, target),
      api.anonymous().post("/api/bookings", {
        customerName: "Kim Racer",
        customerEmail: "racer@example.com",
        customerPhone: "07911 123456",
        notes: "",
        services: [cutId],
        ...target,
      }),
    ]);
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200 || status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(2);
    const atOne = await api.db
      .selectFrom("booking_slots")
      .select("id")
      .where("date", "=", date)
      .where("member_id", "=", team.alex.id)
      .where("start_time", "=", "13:00")
      .where("status", "=", "booked")
      .execute();
    expect(atOne).toHaveLength(1);
    // The loser of the two moves still holds its old time.
    const kept = [await slotsOf(first.id), await slotsOf(second.id)].filter((slot) => slot.start_time !== "13:00");
    expect(kept.length).toBeGreaterThanOrEqual(1);
    for (const slot of kept) expect(slot.status).toBe("booked");
  });

  it("a move racing a cancel: the booking ends cancelled and neither its old nor its new time stays booked", async () => {
    const date = addDays(thursdays[4]!, 1);
    const booking = await book(date, "14:00", team.alex.id);
    const [moved, cancelled] = await Promise.all([
      move(booking.token, { date, startTime: "15:30", memberId: team.alex.id }),
      api.anonymous().post(`/api/bookings/manage/${booking.token}/cancel`),
    ]);
    expect(cancelled.status).toBe(200);
    expect([200, 409]).toContain(moved.status);
    const held = await api.db
      .selectFrom("booking_slots")
      .select("start_time")
      .where("date", "=", date)
      .where("member_id", "=", team.alex.id)
      .where("status", "=", "booked")
      .execute();
    expect(held.map((slot) => slot.start_time)).not.toEqual(expect.arrayContaining(["14:00"]));
    expect(held.map((slot) => slot.start_time)).not.toEqual(expect.arrayContaining(["15:30"]));
    expect(await offered(date, team.alex.id)).toEqual(expect.arrayContaining(["14:00", "15:30"]));
  });

  it("one booking moved to two times at once ends at exactly one of them, holding one slot", async () => {
    const date = addDays(thursdays[3]!, 1);
    const booking = await book(date, "09:00", team.bea.id);
    const responses = await Promise.all(
      ["11:00", "14:00"].map((startTime) => move(booking.token, { date, startTime, memberId: team.bea.id })),
    );
    const won = responses.filter((response) => response.status === 200);
    expect(won.length).toBeGreaterThanOrEqual(1);
    for (const response of responses) expect([200, 409]).toContain(response.status);
    const held = await api.db
      .selectFrom("booking_slots")
      .select(["start_time"])
      .where("date", "=", date)
      .where("member_id", "=", team.bea.id)
      .where("status", "=", "booked")
      .execute();
    expect(held).toHaveLength(1);
    expect((await slotsOf(booking.id)).start_time).toBe(held[0]!.start_time);
  });
});

const textOf = (mail: ReceivedMail) =>
  mail.leaves.find((part) => part.headers.get("content-type")?.startsWith("text/plain"))!.body;

const calendarOf = (mail: ReceivedMail) =>
  mail.leaves.find((part) => part.headers.get("content-type")?.startsWith("text/calendar"))!.body;
