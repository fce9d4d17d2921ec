import { describe, expect, it } from "vitest";
import { bookingFormSchema, bookingRequestSchema, slotCreateRequestSchema, slotCreateSchema } from "./booking.schema";

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues[0]?.message;

const details = {
  customerName: "Sam Taylor",
  customerEmail: "sam@example.com",
  customerPhone: "07911 123456",
  notes: "",
  services: ["1"],
};

describe("slot creation rules", () => {
  it.each([
    [{ dates: [] }, "Please select at least one date"],
    [{ dates: undefined }, "Please select at least one date"],
    [{ startTime: "" }, "Start time is required"],
    [{ startTime: undefined }, "Start time is required"],
    [{ endTime: "" }, "End time is required"],
    [{ endTime: "08:00" }, "End time must be after start time"],
    [{ endTime: "09:00" }, "End time must be after start time"],
    [{ dates: ["2026-02-30"] }, "Dates must be real days written as yyyy-MM-dd"],
    [{ startTime: "9am" }, "Times must be written as HH:mm (24-hour clock)"],
    [{ repeatEveryMinutes: 5 }, "Repeat every must be at least 15 minutes"],
    [{ repeatEveryMinutes: 90, endTime: "10:00" }, "The time range is shorter than one 90-minute slot"],
  ])("refuses %j with %s", (patch, message) => {
    const result = slotCreateSchema.safeParse({
      dates: ["2026-12-01"],
      startTime: "09:00",
      endTime: "17:00",
      ...patch,
    });
    expect(firstMessage(result)).toBe(message);
  });

  it("accepts the spec's one-date payload and refuses a slot created as booked", () => {
    const values = slotCreateRequestSchema.parse({
      date: "2026-12-01",
      startTime: "09:00",
      endTime: "10:00",
      status: "available",
    });
    expect(values.dates).toEqual(["2026-12-01"]);
    const booked = slotCreateRequestSchema.safeParse({
      date: "2026-12-01",
      startTime: "09:00",
      endTime: "10:00",
      status: "booked",
    });
    expect(firstMessage(booked)).toBe("New slots are always created as available");
  });
});

describe("booking form rules", () => {
  it.each([
    [{ services: [] }, "Please select at least one service"],
    [{ services: undefined }, "Please select at least one service"],
    [{ customerName: " A " }, "Name must be at least 2 characters"],
    [{ customerEmail: "sam@" }, "Please enter a valid email address"],
    [{ customerPhone: "7911 123456" }, "Please enter a valid UK phone number"],
    [{ customerPhone: "+44 07911 123456" }, "Please enter a valid UK phone number"],
    [{ customerPhone: "0791112345" }, "Please enter a valid UK phone number"],
    [{ services: ["abc"] }, "One of the chosen services is not offered"],
    // Past PostgreSQL's integer ids: a query with it would fail rather than find nothing.
    [{ services: ["2147483648"] }, "One of the chosen services is not offered"],
  ])("refuses %j with the spec's message", (patch, message) => {
    expect(firstMessage(bookingRequestSchema.safeParse({ ...details, ...patch }))).toBe(message);
  });

  it("normalises UK numbers written with spaces, hyphens and brackets", () => {
    expect(bookingRequestSchema.parse({ ...details, customerPhone: "+44 (7911) 123-456" }).customerPhone).toBe(
      "+447911123456",
    );
    expect(bookingRequestSchema.parse({ ...details, customerPhone: "0161 624 9876" }).customerPhone).toBe(
      "01616249876",
    );
  });

  it("turns service ids into numbers without duplicates and defaults notes to empty", () => {
    const parsed = bookingRequestSchema.parse({ ...details, services: ["3", 3, "7"], notes: undefined });
    expect(parsed.services).toEqual([3, 7]);
    expect(parsed.notes).toBe("");
  });

  it("asks the page for a time slot", () => {
    expect(firstMessage(bookingFormSchema.safeParse({ ...details, choice: undefined }))).toBe(
      "Please select a time slot",
    );
    expect(firstMessage(bookingFormSchema.safeParse({ ...details, choice: "" }))).toBe("Please select a time slot");
    expect(bookingFormSchema.safeParse({ ...details, choice: "slot:4" }).success).toBe(true);
  });
});
