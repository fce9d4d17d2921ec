import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectDocumented } from "../../../tests/support/api-contract";
import { addDays, formatShopDate, shopToday } from "~/lib/shop-time";
import { DEFAULT_SETTINGS } from "~/features/settings/shop-settings";
import { saveSettings } from "~/features/settings/settings.server";
import { openAllHours, startTestApi, type TestApi, type TestClient } from "../../../tests/support/test-app";
import { bookingRequestSchema } from "./booking.schema";
import { type AdminSlot, type PublicSlot } from "./booking-answers.schema";
import { SLOT_TAKEN_MESSAGE } from "./booking-messages.schema";
import { bookSlot } from "./write/create.server";
import { shopReads } from "../../../server/request-context";

const inDays = (days: number) => addDays(shopToday(), days);

const customer = {
  customerName: "Sam Taylor",
  customerEmail: "sam@example.com",
  customerPhone: "07911 123-456",
  notes: "Short on top, please.",
};

let api: TestApi;
let admin: TestClient;
let cut: { id: number; title: string };
let beard: { id: number; title: string };
let dayCounter = 10;
/** Each test gets dates of its own, so the slots of one never overlap another's. */
const freshDate = () => inDays(dayCounter++);

async function addSlot(date: string, startTime = "10:00", endTime = "10:30") {
  const response = await admin.post("/api/booking-slots", { date, startTime, endTime, status: "available" });
  await expectDocumented(response);
  expect(response.status).toBe(201);
  return response.body as PublicSlot;
}

const book = (slotId: number | string, body: object = {}, client: TestClient = api.anonymous()) =>
  client.patch(`/api/booking-slots/${slotId}`, {
    ...customer,
    services: [String(cut.id), String(beard.id)],
    serviceTitles: ["Made-up title"],
    ...body,
  });

async function publicIds() {
  const list = await api.anonymous().get<PublicSlot[]>("/api/booking-slots");
  await expectDocumented(list);
  return list.body.map((slot) => slot.id);
}
async function adminSlot(id: number) {
  const list = await admin.get<AdminSlot[]>("/api/booking-slots?admin=true");
  await expectDocumented(list);
  return list.body.find((slot) => slot.id === id);
}
const slotCount = async () => (await api.db.selectFrom("booking_slots").select("id").execute()).length;

beforeAll(async () => {
  api = await startTestApi({
    onDisk: true,
    env: { BOOKING_MAX_PER_HOUR: "1000", BOOKING_MAX_PER_EMAIL_PER_HOUR: "1000" },
  });
  admin = await api.admin();
  // These tests are about slots at any time of day; the shop's hours and closures have tests of their own.
  await openAllHours(api.db);
  const service = { description: "Done properly.", icon: "Scissors", order: 0 };
  cut = (
    await admin.post("/api/services", { ...service, title: "Skin Fade", price: 18.5, category: "hair", duration: 40 })
  ).body;
  beard = (
    await admin.post("/api/services", {
      ...service,
      title: "Beard Trim",
      price: 12.99,
      category: "beard",
      duration: 15,
    })
  ).body;
});
afterAll(() => api.close());

describe("booking slots: creation", () => {
  it("creates a slot from the spec's one-date payload and lists it publicly without customer data", async () => {
    const date = freshDate();
    const slot = await addSlot(date);
    expect(slot).toEqual({
      id: expect.any(Number),
      date,
      startTime: "10:00",
      endTime: "10:30",
      status: "available",
      memberId: null,
      memberName: null,
    });
    const list = (await api.anonymous().get("/api/booking-slots")).body as PublicSlot[];
    const listed = list.find((entry) => entry.id === slot.id);
    expect(listed).toEqual(slot);
    for (const entry of list)
      expect(Object.keys(entry).sort()).toEqual([
        "date",
        "endTime",
        "id",
        "memberId",
        "memberName",
        "startTime",
        "status",
      ]);
  });

  it("fills 09:00–17:00 with 16 back-to-back 30-minute slots on each of two dates in one call", async () => {
    const dates = [freshDate(), freshDate()];
    const response = await admin.post("/api/booking-slots", {
      dates,
      startTime: "09:00",
      endTime: "17:00",
      repeatEveryMinutes: 30,
    });
    await expectDocumented(response);
    expect(response.status).toBe(201);
    const slots = response.body as PublicSlot[];
    expect(slots).toHaveLength(32);
    for (const date of dates) {
      const day = slots.filter((slot) => slot.date === date);
      expect(day.map((slot) => slot.startTime)).toEqual(
        Array.from(
          { length: 16 },
          (_, i) => `${String(9 + Math.floor(i / 2)).padStart(2, "0")}:${i % 2 ? "30" : "00"}`,
        ),
      );
      expect(day.at(-1)!.endTime).toBe("17:00");
    }
    const listed = await publicIds();
    for (const slot of slots) expect(listed).toContain(slot.id);
  });

  it("of overlapping slots added at once (two admins, a double click), creates one and refuses the rest", async () => {
    const date = freshDate();
    const before = await slotCount();
    const attempts = await Promise.all(
      ["10:00", "10:15", "10:00"].map((startTime) =>
        admin.post("/api/booking-slots", { date, startTime, endTime: startTime === "10:00" ? "10:30" : "10:45" }),
      ),
    );
    expect(attempts.map((response) => response.status).sort()).toEqual([201, 409, 409]);
    expect(await slotCount()).toBe(before + 1);
  });

  it("refuses an overlapping slot with a clear message, all or nothing", async () => {
    const [free, busy] = [freshDate(), freshDate()];
    await addSlot(busy, "10:00", "10:30");
    const before = await slotCount();
    const response = await admin.post("/api/booking-slots", {
      dates: [free, busy],
      startTime: "10:15",
      endTime: "10:45",
    });
    await expectDocumented(response);
    expect(response.status).toBe(409);
    expect(response.body.message).toBe(
      `10:15 – 10:45 on ${formatShopDate(busy)} overlaps an existing slot (10:00 – 10:30)`,
    );
    expect(await slotCount()).toBe(before);
    // Touching ends are not an overlap.
    expect((await admin.post("/api/booking-slots", { date: busy, startTime: "10:30", endTime: "11:00" })).status).toBe(
      201,
    );
    expect((await admin.post("/api/booking-slots", { date: busy, startTime: "09:30", endTime: "10:00" })).status).toBe(
      201,
    );
  });

  it("refuses slots in the past, including today's times that have begun", async () => {
    const before = await slotCount();
    const yesterday = await admin.post("/api/booking-slots", {
      date: inDays(-1),
      startTime: "10:00",
      endTime: "11:00",
    });
    await expectDocumented(yesterday);
    expect(yesterday.status).toBe(400);
    expect(yesterday.body.message).toBe(
      `10:00 – 11:00 on ${formatShopDate(inDays(-1))} is in the past. Slots can only be created for times still to come.`,
    );
    const today = await admin.post("/api/booking-slots", { date: inDays(0), startTime: "00:00", endTime: "00:01" });
    await expectDocumented(today);
    expect(today.status).toBe(400);
    expect(await slotCount()).toBe(before);
  });

  it.each([
    [{ date: undefined }, "Please select at least one date"],
    [{ dates: [], date: undefined }, "Please select at least one date"],
    [{ startTime: "" }, "Start time is required"],
    [{ endTime: undefined }, "End time is required"],
    [{ endTime: "09:00" }, "End time must be after start time"],
    [{ date: "2027-02-30" }, "Dates must be real days written as yyyy-MM-dd"],
    [{ repeatEveryMinutes: 500 }, "Repeat every must be at most 240 minutes"],
    [{ status: "booked" }, "New slots are always created as available"],
  ])("refuses %j with its message and creates nothing", async (patch, message) => {
    const before = await slotCount();
    const response = await admin.post("/api/booking-slots", {
      date: inDays(400),
      startTime: "09:00",
      endTime: "10:00",
      status: "available",
      ...patch,
    });
    await expectDocumented(response);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
    expect(await slotCount()).toBe(before);
  });
});

describe("booking a slot", () => {
  it("refuses services longer than the slot with 409 when the time after it is taken, and keeps the slot", async () => {
    const date = freshDate();
    const slot = await addSlot(date, "10:00", "10:30");
    await addSlot(date, "10:30", "11:00");
    const response = await book(slot.id);
    expect(response.status).toBe(409);
    expect(response.body).toEqual({
      message: "There is not enough time for the chosen services at this time. Please choose another time.",
    });
    expect(await publicIds()).toContain(slot.id);
    expect((await adminSlot(slot.id))?.endTime).toBe("10:30");
  });

  it("books with prices and titles from the database plus the £8 fee, and hides the slot", async () => {
    const slot = await addSlot(freshDate());
    const response = await book(slot.id);
    await expectDocumented(response);
    expect(response.status).toBe(200);
    const confirmation = response.body;
    // 55 minutes of services in a 30-minute slot: the time after it is free, so the booking runs on to 10:55.
    expect(confirmation).toMatchObject({
      date: slot.date,
      startTime: "10:00",
      endTime: "10:55",
      memberId: null,
      memberName: null,
      services: [
        { title: "Skin Fade", price: 18.5, duration: 40 },
        { title: "Beard Trim", price: 12.99, duration: 15 },
      ],
      subtotal: 31.49,
      fee: 8,
      total: 39.49,
      duration: 55,
      mailStatus: "not-configured",
    });
    expect(confirmation.reference).toMatch(/^OB-[2-9A-HJKMNP-TV-Z]{8}$/);
    expect(confirmation.manageToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    expect(await publicIds()).not.toContain(slot.id);
    // The queued confirmation job records that no mail server is set up.
    await api.runJobs();
    expect(await adminSlot(slot.id)).toMatchObject({
      status: "booked",
      reference: confirmation.reference,
      customerName: "Sam Taylor",
      customerEmail: "sam@example.com",
      customerPhone: "07911123456",
      notes: "Short on top, please.",
      selectedServices: [String(cut.id), String(beard.id)],
      selectedServiceTitles: JSON.stringify(["Skin Fade", "Beard Trim"]),
      total: 39.49,
      duration: 55,
      mailStatus: "not-configured",
      mailError: null,
    });

    const stored = await api.db
      .selectFrom("bookings")
      .selectAll()
      .where("reference", "=", confirmation.reference)
      .executeTakeFirstOrThrow();
    expect(stored.total_pence).toBe(3949);
    expect(stored.manage_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.manage_token_hash).not.toContain(confirmation.manageToken);
    const lines = await api.db
      .selectFrom("booking_services")
      .selectAll()
      .where("booking_id", "=", stored.id)
      .orderBy("position")
      .execute();
    expect(lines.map((line) => [line.title, line.price_pence])).toEqual([
      ["Skin Fade", 1850],
      ["Beard Trim", 1299],
    ]);
  });

  it.each([
    [{ services: [] }, "Please select at least one service"],
    [{ customerName: "S" }, "Name must be at least 2 characters"],
    [{ customerEmail: "sam.example.com" }, "Please enter a valid email address"],
    [{ customerPhone: "12345" }, "Please enter a valid UK phone number"],
    [{ customerPhone: "+1 212 555 0100" }, "Please enter a valid UK phone number"],
  ])("refuses %j with the spec's message and leaves the slot available", async (patch, message) => {
    const slot = await addSlot(freshDate());
    const response = await book(slot.id, patch);
    await expectDocumented(response);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
    expect(await publicIds()).toContain(slot.id);
  });

  it("refuses an unknown service id and leaves the slot available", async () => {
    const slot = await addSlot(freshDate());
    const response = await book(slot.id, { services: [String(cut.id), "999999"] });
    await expectDocumented(response);
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/no longer offered/);
    expect(await publicIds()).toContain(slot.id);
  });

  it("answers 404 for an unknown or malformed slot id", async () => {
    expect((await book(999999)).status).toBe(404);
    expect((await book("abc")).status).toBe(404);
    expect((await book(999999)).body.message).toBe("Booking slot not found");
  });

  it("refuses a slot that is already booked with the plain message", async () => {
    const slot = await addSlot(freshDate());
    expect((await book(slot.id)).status).toBe(200);
    const second = await book(slot.id, { customerName: "Alex Jones", customerEmail: "alex@example.com" });
    await expectDocumented(second);
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(SLOT_TAKEN_MESSAGE);
    expect((await adminSlot(slot.id))?.customerName).toBe("Sam Taylor");
  });

  it("neither lists nor books a slot that has started", async () => {
    const [yesterday, todayAtMidnight] = await api.db
      .insertInto("booking_slots")
      .values([
        {
          date: inDays(-1),
          start_time: "15:00",
          end_time: "15:30",
          status: "available",
          created_at: new Date().toISOString(),
        },
        {
          date: inDays(0),
          start_time: "00:00",
          end_time: "00:01",
          status: "available",
          created_at: new Date().toISOString(),
        },
      ])
      .returning("id")
      .execute();
    for (const { id } of [yesterday!, todayAtMidnight!]) {
      expect(await publicIds()).not.toContain(id);
      const response = await book(id);
      await expectDocumented(response);
      expect(response.status).toBe(409);
      expect(response.body.message).toBe("Sorry, that time slot has already started. Please choose another time.");
      expect((await adminSlot(id))?.status).toBe("available");
    }
  });

  it("lets exactly one of 20 simultaneous bookers win", async () => {
    const slot = await addSlot(freshDate());
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        book(slot.id, { customerName: `Racer ${i}`, customerEmail: `racer${i}@example.com` }),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status >= 200 && status < 300)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    for (const response of responses.filter((r) => r.status === 409))
      expect(response.body.message).toBe(SLOT_TAKEN_MESSAGE);
    const bookings = await api.db
      .selectFrom("bookings")
      .select(["id", "customer_name"])
      .where("slot_id", "=", slot.id)
      .execute();
    expect(bookings).toHaveLength(1);
    const winner = responses.find((response) => response.status === 200)!;
    expect((await adminSlot(slot.id))?.reference).toBe(winner.body.reference);
  });

  // PostgreSQL: better-sqlite3 waits for a lock synchronously, so two SQLite connections in one process would block each other.
  it.runIf(process.env.TEST_DATABASE_URL)(
    "lets exactly one win when the bookers come over two connections, as through two instances",
    async () => {
      const slot = await addSlot(freshDate());
      const otherInstance = api.openConnection();
      try {
        const request = (i: number) =>
          bookingRequestSchema.parse({
            ...customer,
            customerEmail: `pair${i}@example.com`,
            services: [String(cut.id)],
          });
        const outcomes = await Promise.allSettled(
          Array.from({ length: 20 }, (_, i) =>
            bookSlot(shopReads(i % 2 ? otherInstance : api.db), slot.id, request(i)),
          ),
        );
        expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
        for (const outcome of outcomes) {
          if (outcome.status === "rejected")
            expect(outcome.reason).toMatchObject({ status: 409, message: SLOT_TAKEN_MESSAGE });
        }
        const bookings = await api.db.selectFrom("bookings").select("id").where("slot_id", "=", slot.id).execute();
        expect(bookings).toHaveLength(1);
      } finally {
        await otherInstance.destroy();
      }
    },
  );
});

describe("admin list, delete and cancel", () => {
  it("filters the admin list from a date", async () => {
    const early = await addSlot(freshDate());
    const late = await addSlot(freshDate());
    const list = (await admin.get(`/api/booking-slots?admin=true&from=${late.date}`)).body as AdminSlot[];
    expect(list.map((slot) => slot.id)).toContain(late.id);
    expect(list.map((slot) => slot.id)).not.toContain(early.id);
    expect((await admin.get("/api/booking-slots?admin=true&from=soon")).status).toBe(400);
  });

  it("deletes an available slot, then answers 404", async () => {
    const slot = await addSlot(freshDate());
    expect((await admin.delete(`/api/booking-slots/${slot.id}`)).status).toBe(204);
    expect(await publicIds()).not.toContain(slot.id);
    expect((await admin.delete(`/api/booking-slots/${slot.id}`)).status).toBe(404);
    expect((await admin.delete("/api/booking-slots/nope")).status).toBe(404);
  });

  it("deletes a booked slot together with its booking (the spec lets the admin delete either state)", async () => {
    const slot = await addSlot(freshDate());
    const { manageToken } = (await book(slot.id)).body;
    expect((await admin.delete(`/api/booking-slots/${slot.id}`)).status).toBe(204);
    expect(await adminSlot(slot.id)).toBeUndefined();
    expect((await api.anonymous().get(`/api/bookings/manage/${manageToken}`)).status).toBe(404);
  });

  it("with ?ifAvailable=true refuses to delete a slot that has been booked, and keeps the booking", async () => {
    const slot = await addSlot(freshDate());
    const { manageToken } = (await book(slot.id)).body;
    const refused = await admin.delete(`/api/booking-slots/${slot.id}?ifAvailable=true`);
    await expectDocumented(refused);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      "This slot has just been booked, so it was not deleted. Cancel the booking first if the time has to be freed.",
    );
    expect(await adminSlot(slot.id)).toMatchObject({ status: "booked" });
    expect((await api.anonymous().get(`/api/bookings/manage/${manageToken}`)).body).toMatchObject({
      status: "confirmed",
    });

    expect((await admin.post(`/api/booking-slots/${slot.id}/cancel`)).status).toBe(200);
    expect((await admin.delete(`/api/booking-slots/${slot.id}?ifAvailable=true`)).status).toBe(204);
    expect(await adminSlot(slot.id)).toBeUndefined();
  });

  it("cancels a booking: the slot is available again and can be booked anew", async () => {
    const slot = await addSlot(freshDate());
    const { manageToken, reference } = (await book(slot.id)).body;
    const response = await admin.post(`/api/booking-slots/${slot.id}/cancel`);
    await expectDocumented(response);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      slot: { id: slot.id, status: "available" },
      reference,
      customerMail: { status: "not-configured" },
    });
    expect(await publicIds()).toContain(slot.id);
    expect((await adminSlot(slot.id))?.customerName).toBeUndefined();
    expect((await api.anonymous().get(`/api/bookings/manage/${manageToken}`)).body).toMatchObject({
      status: "cancelled",
      cancelledBy: "admin",
      canCancel: false,
    });
    const again = await admin.post(`/api/booking-slots/${slot.id}/cancel`);
    await expectDocumented(again);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("This slot has no booking to cancel.");
    expect((await book(slot.id, { customerName: "Next Customer" })).status).toBe(200);
    expect((await admin.post("/api/booking-slots/999999/cancel")).status).toBe(404);
  });

  it("refuses anonymous callers with 401 and non-admins with 403, changing nothing", async () => {
    const slot = await addSlot(freshDate());
    const booked = await addSlot(freshDate());
    expect((await book(booked.id)).status).toBe(200);
    const before = await slotCount();
    const visitor = await api.visitor();
    for (const [client, expected] of [
      [api.anonymous(), 401],
      [visitor, 403],
    ] as const) {
      expect((await client.get("/api/booking-slots?admin=true")).status).toBe(expected);
      expect(
        (await client.post("/api/booking-slots", { date: freshDate(), startTime: "09:00", endTime: "10:00" })).status,
      ).toBe(expected);
      expect((await client.delete(`/api/booking-slots/${slot.id}`)).status).toBe(expected);
      expect((await client.post(`/api/booking-slots/${booked.id}/cancel`)).status).toBe(expected);
    }
    expect((await api.anonymous().get("/api/booking-slots?admin=true")).body.message).toBe("Not authenticated");
    expect(await slotCount()).toBe(before);
    expect((await adminSlot(booked.id))?.status).toBe("booked");
    expect(await publicIds()).toContain(slot.id);
  });
});

describe("the customer's private link", () => {
  it("shows the booking, offers its calendar file, and cancels it, freeing the slot", async () => {
    const slot = await addSlot(freshDate());
    const { manageToken, reference } = (await book(slot.id)).body;
    const shown = await api.anonymous().get(`/api/bookings/manage/${manageToken}`);
    await expectDocumented(shown);
    expect(shown.status).toBe(200);
    expect(shown.headers.get("cache-control")).toBe("no-store");
    expect(shown.body).toMatchObject({
      reference,
      status: "confirmed",
      customerName: "Sam Taylor",
      date: slot.date,
      total: 39.49,
      canCancel: true,
      cancelNoticeHours: 24,
    });
    expect(shown.body.customerEmail).toBeUndefined();

    const ics = await api.anonymous().get(`/api/bookings/manage/${manageToken}/calendar.ics`);
    await expectDocumented(ics);
    expect(ics.status).toBe(200);
    expect(ics.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(ics.headers.get("content-disposition")).toMatch(
      new RegExp(`^attachment; filename="?oldham-barbers-${reference}\\.ics"?$`),
    );
    expect(ics.text).toContain(`DTSTART;TZID=Europe/London:${slot.date.replace(/-/g, "")}T100000`);

    const cancelled = await api.anonymous().post(`/api/bookings/manage/${manageToken}/cancel`);
    await expectDocumented(cancelled);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: "cancelled", cancelledBy: "customer", canCancel: false });
    expect(await publicIds()).toContain(slot.id);
    const again = await api.anonymous().post(`/api/bookings/manage/${manageToken}/cancel`);
    await expectDocumented(again);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("This booking has already been cancelled.");
    // The calendar file of a cancelled booking cancels the event it added.
    const cancelIcs = await api.anonymous().get(`/api/bookings/manage/${manageToken}/calendar.ics`);
    expect(cancelIcs.status).toBe(200);
    expect(cancelIcs.text).toContain("METHOD:CANCEL");
    expect(cancelIcs.text).toContain("STATUS:CANCELLED");
  });

  it("answers 404 for an unknown or garbage token", async () => {
    const unknown = "A".repeat(43);
    for (const token of [unknown, "garbage", "%20", "x".repeat(500)]) {
      expect((await api.anonymous().get(`/api/bookings/manage/${token}`)).status).toBe(404);
      expect((await api.anonymous().post(`/api/bookings/manage/${token}/cancel`)).status).toBe(404);
      expect((await api.anonymous().get(`/api/bookings/manage/${token}/calendar.ics`)).status).toBe(404);
    }
  });
});

describe("limits set by the settings and configuration", () => {
  it("refuses an online cancellation within the notice period, naming it and the shop's phone", async () => {
    const strict = await startTestApi();
    try {
      await saveSettings(strict.db, { ...DEFAULT_SETTINGS, cancellationNoticeHours: 720 });
      const owner = await strict.admin();
      const service = (
        await owner.post("/api/services", {
          title: "Cut",
          price: 10,
          description: "A cut.",
          category: "hair",
          icon: "Scissors",
          duration: 30,
        })
      ).body;
      const slot = (await owner.post("/api/booking-slots", { date: inDays(5), startTime: "10:00", endTime: "10:30" }))
        .body;
      const { manageToken } = (
        await strict.anonymous().patch(`/api/booking-slots/${slot.id}`, { ...customer, services: [String(service.id)] })
      ).body;
      expect((await strict.anonymous().get(`/api/bookings/manage/${manageToken}`)).body).toMatchObject({
        canCancel: false,
        cancelNoticeHours: 720,
      });
      const refused = await strict.anonymous().post(`/api/bookings/manage/${manageToken}/cancel`);
      await expectDocumented(refused);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(
        "Bookings can only be cancelled online up to 720 hours before the appointment. Please call us on 0161 624 9876.",
      );
      expect((await strict.anonymous().get(`/api/bookings/manage/${manageToken}`)).body.status).toBe("confirmed");
    } finally {
      await strict.close();
    }
  });

  it("limits successful bookings per client, and failed attempts do not count", async () => {
    const limited = await startTestApi({ env: { BOOKING_MAX_PER_HOUR: "2" } });
    // The slots' day, three days ahead, may be a day the shop's default hours close (a Sunday).
    await openAllHours(limited.db);
    try {
      const owner = await limited.admin();
      const service = (
        await owner.post("/api/services", {
          title: "Cut",
          price: 10,
          description: "A cut.",
          category: "hair",
          icon: "Scissors",
          duration: 30,
        })
      ).body;
      const slots = (
        await owner.post("/api/booking-slots", {
          dates: [inDays(3)],
          startTime: "09:00",
          endTime: "11:00",
          repeatEveryMinutes: 30,
        })
      ).body as PublicSlot[];
      const attempt = (slotId: number) =>
        limited.anonymous().patch(`/api/booking-slots/${slotId}`, { ...customer, services: [String(service.id)] });
      expect((await attempt(slots[0]!.id)).status).toBe(200);
      expect((await attempt(slots[0]!.id)).status).toBe(409);
      expect((await attempt(slots[1]!.id)).status).toBe(200);
      const refused = await attempt(slots[2]!.id);
      await expectDocumented(refused);
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe(
        "You have made several bookings recently. Please try again later or call us on 0161 624 9876.",
      );
      const available = (await limited.anonymous().get("/api/booking-slots")).body as PublicSlot[];
      expect(available.map((slot) => slot.id)).toContain(slots[2]!.id);
    } finally {
      await limited.close();
    }
  });
});
