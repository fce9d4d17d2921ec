import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, shopToday } from "~/lib/shop-time";
import { BOOKED_TIME_CONSTRAINT } from "~/db/migrations/012-booked-time-exclusion";
import { openAllHours, startTestApi, type TestApi } from "../../../tests/support/test-app";
import { SLOT_TAKEN_MESSAGE } from "./booking-messages.schema";

/*
 * PostgreSQL's own guard against double booking (migration 012): rows written straight into the
 * database, past every check of the application, still cannot give a barber two booked times
 * that overlap. SQLite runs one writer at a time and has no such constraint.
 */
describe.runIf(process.env.TEST_DATABASE_URL)("the exclusion constraint on a barber's booked time", () => {
  let api: TestApi;
  let day = 20;
  const freshDate = () => addDays(shopToday(), day++);

  const addMember = async (name: string) =>
    (
      await api.db
        .insertInto("team_members")
        .values({ name, bio: "", active: 1, sort_order: 0, created_at: new Date().toISOString() })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;

  const insertSlot = (
    memberId: number | null,
    date: string,
    startTime: string,
    endTime: string,
    status: "available" | "booked" | "released" = "booked",
  ) =>
    api.db
      .insertInto("booking_slots")
      .values({
        date,
        start_time: startTime,
        end_time: endTime,
        status,
        member_id: memberId,
        kind: status === "available" ? "manual" : "appointment",
        created_at: new Date().toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    api = await startTestApi({ env: { BOOKING_MAX_PER_HOUR: "1000" } });
    await openAllHours(api.db);
  });
  afterAll(() => api.close());

  it("refuses a second booked time of one barber that overlaps the first, written directly", async () => {
    const member = await addMember("Dan");
    const date = freshDate();
    await insertSlot(member, date, "10:00", "10:30");

    await expect(insertSlot(member, date, "10:15", "10:45")).rejects.toMatchObject({
      code: "23P01",
      constraint: BOOKED_TIME_CONSTRAINT,
    });
    await expect(insertSlot(member, date, "09:00", "11:00")).rejects.toMatchObject({ code: "23P01" });
    const booked = await api.db
      .selectFrom("booking_slots")
      .select("id")
      .where("member_id", "=", member)
      .where("date", "=", date)
      .execute();
    expect(booked).toHaveLength(1);
  });

  it("lets back-to-back times, other barbers, other days and times no longer booked stand side by side", async () => {
    const [dan, amir] = [await addMember("Dan"), await addMember("Amir")];
    const date = freshDate();
    await insertSlot(dan, date, "10:00", "10:30");
    await insertSlot(dan, date, "10:30", "11:00");
    await insertSlot(amir, date, "10:00", "10:30");
    await insertSlot(dan, freshDate(), "10:00", "10:30");
    await insertSlot(dan, date, "10:00", "10:30", "released");
    await insertSlot(dan, date, "10:00", "10:30", "available");
    await insertSlot(null, date, "10:00", "10:30");
    await insertSlot(null, date, "10:00", "10:30");
    // A time that ends at midnight is a range too.
    await insertSlot(dan, date, "23:30", "24:00");
  });

  it("answers the slot-taken 409 when the application's own checks miss an overlap", async () => {
    const member = await addMember("Kev");
    const date = freshDate();
    const service = await api.db
      .insertInto("services")
      .values({
        title: "Quick Trim",
        price_pence: 1000,
        description: "Quick.",
        category: "hair",
        icon: "Scissors",
        duration: 20,
        sort_order: 0,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    // An available manual slot, and over it a booked time written past the application (as a bug in
    // its locking would leave it): booking the slot passes every check the application makes.
    const manual = await insertSlot(member, date, "10:00", "10:30", "available");
    await insertSlot(member, date, "10:15", "10:45");

    const response = await api.anonymous().patch(`/api/booking-slots/${manual.id}`, {
      customerName: "Sam Taylor",
      customerEmail: "sam@example.com",
      customerPhone: "07911 123456",
      notes: "",
      services: [String(service.id)],
      serviceTitles: [],
    });

    expect(response.status).toBe(409);
    expect(response.body).toEqual({ message: SLOT_TAKEN_MESSAGE });
    const slot = await api.db
      .selectFrom("booking_slots")
      .select("status")
      .where("id", "=", manual.id)
      .executeTakeFirstOrThrow();
    expect(slot.status).toBe("available");
    expect(await api.db.selectFrom("bookings").select("id").where("slot_id", "=", manual.id).execute()).toEqual([]);
  });
});
