import { expect, type Page } from "@playwright/test";
import sharp from "sharp";
import type { Media } from "~/features/media/media.schema";

/** A real PNG of one colour, so the server's image checks accept it; `noise` makes it big enough to upload for a while. */
export async function pngImage(
  colour: { r: number; g: number; b: number },
  options: { size?: number; noise?: boolean } = {},
) {
  const size = options.size ?? 64;
  if (!options.noise) {
    return sharp({ create: { width: size, height: size, channels: 3, background: colour } })
      .png()
      .toBuffer();
  }
  const pixels = Buffer.alloc(size * size * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = Math.floor(Math.random() * 256);
  return sharp(pixels, { raw: { width: size, height: size, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/** Uploads one image to the media library through the API (the page's context must be signed in). */
export async function uploadImage(page: Page, name: string, colour = { r: 180, g: 120, b: 60 }): Promise<Media> {
  const response = await page.request.post("/api/media", {
    multipart: { files: { name, mimeType: "image/png", buffer: await pngImage(colour) } },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { uploaded } = (await response.json()) as { uploaded: Media[] };
  return uploaded[0]!;
}

/** Answers the admin's "Are you sure you want to delete this …?" with Delete (every delete asks first). */
export async function confirmDelete(page: Page, thing: string) {
  const dialog = page.getByRole("alertdialog", { name: `Are you sure you want to delete this ${thing}?` });
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(dialog).toHaveCount(0);
}

/** The sender of the contact submissions the admin specs create: an address that reaches no one. */
export const ADMIN_SPEC_EMAIL = "admin-specs@example.com";

/**
 * A name no other test (or earlier run against the same data) uses. The random part has a fixed length,
 * so that one name can never be the start of another made in the same millisecond.
 */
export const unique = (label: string) =>
  `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1296)
    .toString(36)
    .padStart(2, "0")}`;

/**
 * Asserts the notification on screen. Looks inside the toast region only (Radix also copies
 * the text into a hidden live region for screen readers), and includes hidden roles because
 * an open modal dialog hides everything outside itself from the accessibility tree.
 */
export async function expectToast(page: Page, title: string | RegExp, description?: string | RegExp) {
  const region = page.getByRole("region", { name: /Notifications/, includeHidden: true });
  const toast = region.getByRole("listitem", { includeHidden: true }).filter({ hasText: title });
  await expect(toast.first()).toBeVisible();
  if (description !== undefined) await expect(toast.first()).toContainText(description);
}
