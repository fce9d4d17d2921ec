import { describe, expect, it } from "vitest";
import { nestedFormValues } from "./form-post";

const form = (entries: [string, string][]) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
};

describe("nestedFormValues", () => {
  it("reads react-hook-form's paths back into objects and lists, each entry at its index", () => {
    expect(
      nestedFormValues(
        form([
          ["address.street", "57 Yorkshire Street"],
          ["openingHours.1.ranges.0.start", "09:00"],
          ["openingHours.3.ranges.0.start", "10:00"],
          ["closures.0.from", "2027-01-01"],
        ]),
      ),
    ).toEqual({
      address: { street: "57 Yorkshire Street" },
      openingHours: [undefined, { ranges: [{ start: "09:00" }] }, undefined, { ranges: [{ start: "10:00" }] }],
      closures: [{ from: "2027-01-01" }],
    });
  });

  it("never reaches Object.prototype through a field's name", () => {
    const read = nestedFormValues(
      form([
        ["__proto__.polluted", "yes"],
        ["constructor.prototype.polluted", "yes"],
      ]),
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(read)).toBe(Object.prototype);
  });
});
