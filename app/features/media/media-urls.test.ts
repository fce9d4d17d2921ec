import { describe, expect, it } from "vitest";
import { responsiveImage } from "./media-urls";

describe("responsiveImage", () => {
  it("offers the stored renditions of an upload", () => {
    expect(responsiveImage("/uploads/0a1b2c.webp", "(min-width: 768px) 33vw, 100vw")).toEqual({
      src: "/uploads/0a1b2c.webp",
      srcSet: "/uploads/0a1b2c-480w.webp 480w, /uploads/0a1b2c-960w.webp 960w, /uploads/0a1b2c.webp 1600w",
      sizes: "(min-width: 768px) 33vw, 100vw",
    });
  });

  it.each([
    "https://example.com/photo.webp",
    "/uploads/legacy-photo.jpg",
    "/images/hero.webp",
    "/uploads/0a1b2c-480w.webp",
  ])("leaves %s as a plain src", (url) => {
    expect(responsiveImage(url)).toEqual({ src: url });
  });
});
