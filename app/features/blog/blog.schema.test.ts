import { describe, expect, it } from "vitest";
import { firstFreeSlug, metaDescription, slugify, splitTags } from "./blog.schema";

describe("slugify", () => {
  it.each([
    ["Hello World", "hello-world"],
    ["  --Top 10 Beard Oils (2024)!--  ", "top-10-beard-oils-2024"],
    ["Fade_vs_Taper", "fade-vs-taper"],
    ["Crème Brûlée Quiff", "creme-brulee-quiff"],
    ["", "post"],
    ["???", "post"],
  ])("%j → %j", (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  it("uses the given fallback for a title with nothing to keep", () => {
    expect(slugify("★", "barber")).toBe("barber");
  });
});

describe("firstFreeSlug", () => {
  it("appends the first free number from 2", () => {
    expect(firstFreeSlug("a", new Set())).toBe("a");
    expect(firstFreeSlug("a", new Set(["a"]))).toBe("a-2");
    expect(firstFreeSlug("a", new Set(["a", "a-2", "a-4"]))).toBe("a-3");
  });
});

describe("metaDescription", () => {
  it("keeps content of up to 155 characters whole", () => {
    const text = "x".repeat(155);
    expect(metaDescription(text)).toBe(text);
  });

  it("cuts longer content at 155 characters and adds an ellipsis", () => {
    const description = metaDescription("a".repeat(200));
    expect(description).toBe(`${"a".repeat(155)}…`);
  });

  it("reads line breaks as spaces", () => {
    expect(metaDescription("First paragraph.\n\nSecond paragraph.")).toBe("First paragraph. Second paragraph.");
  });
});

describe("splitTags", () => {
  it("drops empty and repeated tags", () => {
    expect(splitTags("a, ,b,A ,c,")).toEqual(["a", "b", "c"]);
  });
});
