import path from "node:path";
import { fileURLToPath } from "node:url";
import fs from "node:fs";
import { slugify } from "~/features/blog/blog.schema";
import { RENDITION_WIDTHS } from "~/features/media/media-urls";

/*
 * The demo pictures ship as WebP files in server/seed/art (drawn once by
 * scripts/generate-demo-art.ts), so a first start copies files instead of
 * rasterising with sharp inside the server, which would leave it holding
 * libvips' memory long after.
 */

/** Each kind at the aspect ratio its pages show it: square products, 4:5 gallery tiles, 16:10 blog cards. */
export const DEMO_ART_SIZES = {
  product: { width: 960, height: 960 },
  gallery: { width: 800, height: 1000 },
  blog: { width: 1200, height: 750 },
} as const;

export type DemoArtKind = keyof typeof DEMO_ART_SIZES;

export const demoArtKey = (kind: DemoArtKind, title: string) => `${kind}-${slugify(title)}`;

/** The rendition widths worth a file of their own: narrower than the main picture. */
export const shippedRenditionWidths = (kind: DemoArtKind) =>
  RENDITION_WIDTHS.filter((width) => width < DEMO_ART_SIZES[kind].width);

/**
 * The folder of shipped pictures. The server runs from source (server/seed) or from the
 * bundle (build/server), both inside the repository, so it is looked for upwards.
 */
export function demoArtDirectory(from = path.dirname(fileURLToPath(import.meta.url))): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, "server/seed/art");
    if (fs.existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) throw new Error(`The demo pictures (server/seed/art) were not found above ${from}`);
  }
}
