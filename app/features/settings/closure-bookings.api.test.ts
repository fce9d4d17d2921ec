import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dayOfWeek } from "~/features/settings/opening-hours";
import type { TeamMember } from "~/features/team/team.schema";
import { addDays, shopToday } from "~/lib/shop-time";
import { addService, bookAppointment } from "../../../tests/support/bookings";
import { startSmtpSink, type SmtpSink } from "../../../tests/support/smtp-sink";
import { startTestApi, type TestApi, type TestClient } from "../../../tests/support/test-app";
import { closureBookingsMessage, type ShopSettings } from "./settings.schema";

/* A closure or a barber's time off added over confirmed bookings: the owner is asked, then keeps or cancels them. */

let sink: SmtpSink;
let api: TestApi;
let admin: TestClient;
let serviceId: number;

/** Wednesdays at least a week ahead, one per test, so each starts on a clean day. */
const wednesdays = (() => {
  let date = addDays(shopToday(), 7);
  while (dayOfWeek(date) !== 3) date = addDays(date, 1);
  return Array.from({ length: 6 }, (_, index) => addDays(date, index * 7));
})();

beforeAll(async () => {
  sink = await startSmtpSink();
  api = await startTestApi({ env: { SMTP_URL: sink.url, BOOKING_MAX_PER_HOUR: "1000" } });
  admin = await api.admin();
  serviceId = await addService(api.db);
});
afterAll(async () => {
  await api.close();
  await sink.close();
});

const settings = async () => (await admin.get("/api/settings")).body as ShopSettings;
const bookingStatus = async (reference: string) =>
  (await api.db.selectFrom("bookings").select("status").where("reference", "=", reference).executeTakeFirstOrThrow())
    .status;

describe("PUT /api/settings with a new closure over bookings", () => {
  it("refuses without a choice, listing the bookings, and changes nothing", async () => {
    const day = wednesdays[0]!;
    const booked = await bookAppointment(api.db, { date: day, email: "ask@example.com", serviceIds: [serviceId] });
    const before = await settings();
    const answer = await admin.put("/api/settings", {
      ...before,
      closures: [{ from: day, to: addDays(day, 1), note: "Boiler" }],
    });
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({
      message: closureBookingsMessage(1),
      bookings: [{ reference: booked.reference, date: day, startTime: "10:00", customerName: "Sam Taylor" }],
    });
    expect((await settings()).closures).toEqual(before.closures);
    expect(await bookingStatus(booked.reference)).toBe("confirmed");
  });

  it("keeps the bookings when told to, and does not ask again for a closure already saved", async () => {
    const day = wednesdays[1]!;
    const booked = await bookAppointment(api.db, { date: day, email: "keep@example.com", serviceIds: [serviceId] });
    const closed = { ...(await settings()), closures: [{ from: day, to: day, note: "Training" }] };
    expect((await admin.put("/api/settings", { ...closed, closureBookings: "keep" })).status).toBe(200);
    expect(await bookingStatus(booked.reference)).toBe("confirmed");
    expect((await settings()).closures).toEqual(closed.closures);
    // Saving other facts later with the same closure is not a new closure.
    expect((await admin.put("/api/settings", { ...closed, phone: "0161 000 4321" })).status).toBe(200);
    expect((await admin.put("/api/settings", { ...closed, closures: [] })).status).toBe(200);
  });

  it("cancels them when told to and mails each customer as any cancellation by the shop", async () => {
    const day = wednesdays[2]!;
    const first = await bookAppointment(api.db, { date: day, email: "first@example.com", serviceIds: [serviceId] });
    const second = await bookAppointment(api.db, {
      date: addDays(day, 2),
      startTime: "11:00",
      endTime: "11:30",
      email: "second@example.com",
      serviceIds: [serviceId],
    });
    const outside = await bookAppointment(api.db, {
      date: addDays(day, 3),
      email: "outside@example.com",
      serviceIds: [serviceId],
    });
    const closures = [{ from: day, to: addDays(day, 2), note: "Refit" }];
    const refused = await admin.put("/api/settings", { ...(await settings()), closures });
    expect(refused.status).toBe(409);
    expect(refused.body.bookings.map((entry: { reference: string }) => entry.reference)).toEqual([
      first.reference,
      second.reference,
    ]);
    const saved = await admin.put("/api/settings", { ...(await settings()), closures, closureBookings: "cancel" });
    expect(saved.status).toBe(200);
    expect(await bookingStatus(first.reference)).toBe("cancelled");
    expect(await bookingStatus(second.reference)).toBe("cancelled");
    expect(await bookingStatus(outside.reference)).toBe("confirmed");
    await api.runJobs();
    for (const email of ["first@example.com", "second@example.com"]) {
      expect(sink.to(email).at(-1)?.subject).toMatch(/has been cancelled \(OB-[2-9A-Z]{8}\)$/);
    }
    expect(sink.to("outside@example.com").at(-1)?.subject ?? "").not.toMatch(/cancelled/);
    expect((await admin.put("/api/settings", { ...(await settings()), closures: [] })).status).toBe(200);
  });

  it("refuses a choice other than keep or cancel", async () => {
    const answer = await admin.put("/api/settings", { ...(await settings()), closureBookings: "ignore" });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Choose "keep" or "cancel" for the bookings on those days');
  });
});

describe("PUT /api/team/:id with new time off over the member's bookings", () => {
  it("asks, then keeps or cancels only that member's bookings", async () => {
    const day = wednesdays[3]!;
    const body = {
      name: "Imran",
      bio: "",
      image: null,
      serviceIds: [String(serviceId)],
      weeklyHours: [{ day: 3, ranges: [{ start: "09:00", end: "17:00" }] }],
      timeOff: [] as object[],
    };
    const imran = (await admin.post("/api/team", body)).body as TeamMember;
    const other = (await admin.post("/api/team", { ...body, name: "Kelly" })).body as TeamMember;
    const book = async (memberId: number, startTime: string, email: string) => {
      const answer = await api.anonymous().post("/api/bookings", {
        services: [String(serviceId)],
        date: day,
        startTime,
        memberId,
        customerName: "Dee Walsh",
        customerEmail: email,
        customerPhone: "07911 123456",
        notes: "",
      });
      expect(answer.status).toBe(201);
      return answer.body.reference as string;
    };
    const withImran = await book(imran.id, "10:00", "imran-client@example.com");
    const withKelly = await book(other.id, "10:00", "kelly-client@example.com");

    const timeOff = [{ from: day, to: day, note: "Wedding" }];
    const refused = await admin.put(`/api/team/${imran.id}`, { ...body, timeOff });
    expect(refused.status).toBe(409);
    expect(refused.body.bookings).toEqual([
      { reference: withImran, date: day, startTime: "10:00", customerName: "Dee Walsh" },
    ]);
    expect(((await admin.get(`/api/team/${imran.id}`)).body as TeamMember).timeOff).toEqual([]);

    const cancelled = await admin.put(`/api/team/${imran.id}`, { ...body, timeOff, timeOffBookings: "cancel" });
    expect(cancelled.status).toBe(200);
    expect((cancelled.body as TeamMember).timeOff).toEqual(timeOff);
    expect(await bookingStatus(withImran)).toBe("cancelled");
    expect(await bookingStatus(withKelly)).toBe("confirmed");
    await api.runJobs();
    expect(sink.to("imran-client@example.com").at(-1)?.subject).toMatch(/has been cancelled \(OB-[2-9A-Z]{8}\)$/);

    const kept = await book(other.id, "11:00", "kept@example.com");
    const keepAnswer = await admin.put(`/api/team/${other.id}`, {
      ...body,
      name: "Kelly",
      timeOff,
      timeOffBookings: "keep",
    });
    expect(keepAnswer.status).toBe(200);
    expect(await bookingStatus(kept)).toBe("confirmed");
  });
});
