import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { newAccountSchema } from "~/features/accounts/accounts.schema";
import { blogPostFormSchema } from "~/features/blog/blog.schema";
import { bookingRequestSchema } from "~/features/booking/booking.schema";
import { contactMessageSchema } from "~/features/contact/contact.schema";
import { customerNotesSchema } from "~/features/customers/customers.schema";
import { faqFormSchema } from "~/features/faqs/faqs.schema";
import { dateRangeSchema, settingsFieldsSchema } from "~/features/settings/settings.schema";
import { teamMemberSchema } from "~/features/team/team.schema";

/* One-line fields refuse control characters; multi-line fields keep their line breaks and refuse the rest. */

const messageOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
};

const ONE_LINE = "Must be a single line, without line breaks or control characters";

describe("one-line text fields", () => {
  it.each([
    ["a team member's name", teamMemberSchema.shape.name],
    ["the shop's name", settingsFieldsSchema.shape.shopName],
    ["the shop's tagline", settingsFieldsSchema.shape.tagline],
    ["the shop's phone", settingsFieldsSchema.shape.phone],
    ["an FAQ's question", faqFormSchema.shape.question],
    ["a blog post's title", blogPostFormSchema.shape.title],
  ])("refuse a line break, a tab or another control character in %s", (_name, schema) => {
    for (const bad of ["0161 624\r\n9876", "0161\t624 9876", "0161 624 9876\u0085x", "0161 624\u20289876"]) {
      expect(messageOf(schema, bad)).toBe(ONE_LINE);
    }
    expect(messageOf(schema, "  0161 624 9876  ")).toBeUndefined();
  });

  it("name the field in the booking, contact and account forms", () => {
    expect(messageOf(bookingRequestSchema.shape.customerName, "Sam\nBcc: x@example.net")).toBe(
      "Name must be a single line, without line breaks or control characters",
    );
    expect(messageOf(contactMessageSchema.shape.name, "Sam\rTaylor")).toBe(
      "Name must be a single line, without line breaks or control characters",
    );
    expect(messageOf(newAccountSchema.shape.username, "new\nadmin")).toBe(
      "Username must be a single line, without line breaks or control characters",
    );
    expect(messageOf(dateRangeSchema, { from: "2030-01-01", to: "2030-01-02", note: "Closed\nBcc: x" })).toBe(ONE_LINE);
  });
});

describe("multi-line text fields", () => {
  it("keep line breaks and tabs, and refuse other control characters", () => {
    const notes = "Line one\r\nLine two\n\tindented";
    expect(bookingRequestSchema.shape.notes.parse(notes)).toBe(notes);
    expect(customerNotesSchema.parse({ notes }).notes).toBe(notes);
    expect(messageOf(teamMemberSchema.shape.bio, "Cuts hair\nwell")).toBeUndefined();
    expect(messageOf(faqFormSchema.shape.answer, "Yes.\n\nEvery day.")).toBeUndefined();
    expect(messageOf(bookingRequestSchema.shape.notes, "Bell\u0007")).toBe("Notes must not contain control characters");
    expect(messageOf(customerNotesSchema, { notes: "Escape\u001b[31m" })).toBe("Must not contain control characters");
  });
});
