import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { appointmentRequestSchema, bookingRequestSchema, walkInSchema } from "~/features/booking/booking.schema";
import { contactMessageSchema } from "~/features/contact/contact.schema";
import { waitlistJoinSchema } from "~/features/waitlist/waitlist.schema";
import {
  NAME_MESSAGE,
  NAME_ONE_LINE_MESSAGE,
  NAME_TOO_LONG_MESSAGE,
  customerNameField,
  optionalCustomerNameField,
} from "./customer-name.schema";

/* Every way a name comes in refuses what the others refuse, with the same message. */

const nameMessage = (schema: z.ZodType, body: object, field: string, name: unknown) => {
  const result = schema.safeParse({ ...body, [field]: name });
  return result.success ? undefined : result.error.issues.find((issue) => issue.path[0] === field)?.message;
};

const ways: [string, z.ZodType, string, boolean][] = [
  ["a booking of a slot", bookingRequestSchema, "customerName", true],
  ["a booking of a computed time", appointmentRequestSchema, "customerName", true],
  ["the waitlist", waitlistJoinSchema, "customerName", true],
  ["a contact message", contactMessageSchema, "name", true],
  ["a walk-in", walkInSchema, "customerName", false],
];

describe.each(ways)("a name in %s", (_way, schema, field, required) => {
  it.each([
    ["Pat\u0007", NAME_ONE_LINE_MESSAGE],
    ["Pat\r\nBcc: victim@example.net", NAME_ONE_LINE_MESSAGE],
    ["Pat\u2028Walker", NAME_ONE_LINE_MESSAGE],
    ["Pat\tWalker", NAME_ONE_LINE_MESSAGE],
    [" P ", NAME_MESSAGE],
    ["P".repeat(101), NAME_TOO_LONG_MESSAGE],
  ])("refuses %j with the one message", (name, message) => {
    expect(nameMessage(schema, {}, field, name)).toBe(message);
  });

  it(required ? "is required" : "may be left blank", () => {
    expect(nameMessage(schema, {}, field, "")).toBe(required ? NAME_MESSAGE : undefined);
    expect(nameMessage(schema, {}, field, "  Pat Walker ")).toBeUndefined();
  });
});

it("trims a name, and a blank optional name is no name", () => {
  expect(customerNameField.parse("  Pat Walker ")).toBe("Pat Walker");
  expect(optionalCustomerNameField.parse("   ")).toBeUndefined();
  expect(optionalCustomerNameField.parse(null)).toBeUndefined();
  expect(optionalCustomerNameField.parse(" Jo ")).toBe("Jo");
});
