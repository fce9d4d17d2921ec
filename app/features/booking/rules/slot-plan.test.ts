import { describe, expect, it } from "vitest";
import { slotCreateSchema } from "../booking.schema";
import { planSlots } from "./slot-plan";

describe("planSlots", () => {
  it("fills 09:00–17:00 with 16 back-to-back 30-minute slots per date", () => {
    const values = slotCreateSchema.parse({
      dates: ["2026-12-02", "2026-12-01", "2026-12-01"],
      startTime: "09:00",
      endTime: "17:00",
      repeatEveryMinutes: 30,
    });
    const slots = planSlots(values);
    expect(slots).toHaveLength(32);
    const first = slots.filter((slot) => slot.date === "2026-12-01");
    expect(first).toHaveLength(16);
    expect(first[0]).toEqual({ date: "2026-12-01", startTime: "09:00", endTime: "09:30" });
    expect(first.at(-1)).toEqual({ date: "2026-12-01", startTime: "16:30", endTime: "17:00" });
    first.slice(1).forEach((slot, index) => expect(slot.startTime).toBe(first[index]!.endTime));
  });

  it("makes one slot of the whole range without repeat, and drops a remainder too short for a slot", () => {
    expect(planSlots(slotCreateSchema.parse({ dates: ["2026-12-01"], startTime: "09:00", endTime: "10:00" }))).toEqual([
      { date: "2026-12-01", startTime: "09:00", endTime: "10:00" },
    ]);
    const values = slotCreateSchema.parse({
      dates: ["2026-12-01"],
      startTime: "09:00",
      endTime: "10:00",
      repeatEveryMinutes: "45",
    });
    expect(planSlots(values)).toEqual([{ date: "2026-12-01", startTime: "09:00", endTime: "09:45" }]);
  });
});
