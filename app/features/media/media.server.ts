import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type SharpModule from "sharp";
import type { Metadata } from "sharp";
import type { Db } from "~/db/client.server";
import type { Row } from "~/db/database";
import { HttpError, badRequest, notFound } from "~/lib/http-error";
import { MAIN_IMAGE_MAX_SIDE, RENDITION_WIDTHS, renditionName } from "./media-urls";
import type { Media, RejectedFile, UploadResult } from "./media.schema";

type SharpFactory = typeof SharpModule;
let sharpModule: Promise<SharpFactory> | undefined;

/**
 * sharp (libvips) costs about 20 MB of resident memory, so it is loaded with the
 * first image rather than at start: most servers idle far more than they upload.
 */
export function loadSharp(): Promise<SharpFactory> {
  sharpModule ??= import("sharp").then(({ default: sharp }) => {
    // Inputs are unique uploads, so libvips' operation cache would only hold memory while the server idles.
    sharp.cache(false);
    return sharp;
  });
  return sharpModule;
}

const MAX_MEGAPIXELS = 40;
const SHARP_INPUT = { limitInputPixels: MAX_MEGAPIXELS * 1_000_000, failOn: "error" } as const;
const WEBP = { quality: 80 } as const;

type ImageKind = "jpeg" | "png" | "webp" | "gif" | "avif";

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The format named by a file's leading bytes. Only these five ever reach the decoder,
 * so SVG, PDF, TIFF and the like are refused before libvips parses a byte of them.
 */
function sniffImageKind(bytes: Buffer): ImageKind | null {
  const text = (start: number, end: number) => bytes.toString("latin1", start, end);
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return "png";
  if (text(0, 6) === "GIF87a" || text(0, 6) === "GIF89a") return "gif";
  if (text(0, 4) === "RIFF" && text(8, 12) === "WEBP") return "webp";
  if (bytes.length >= 16 && text(4, 8) === "ftyp") {
    // The ftyp box lists the major brand, a version, then compatible brands.
    const boxEnd = Math.min(bytes.readUInt32BE(0), bytes.length, 64);
    for (let at = 8; at + 4 <= boxEnd; at += 4) {
      if (at === 12) continue;
      if (text(at, at + 4) === "avif" || text(at, at + 4) === "avis") return "avif";
    }
  }
  return null;
}

const decodedAs = (kind: ImageKind, metadata: Metadata) =>
  kind === "avif" ? metadata.format === "heif" && metadata.compression === "av1" : metadata.format === kind;

const unsupported = (name: string) => badRequest(`${name} is not a supported image (JPEG, PNG, WebP, GIF or AVIF)`);

/** Only a file name for people to read: no folders, no control characters, a sane length. */
function displayName(originalName: string) {
  const base = originalName.split(/[\\/]/).pop() ?? "";
  const clean = base
    .replace(/\p{Cc}/gu, "")
    .trim()
    .slice(0, 200);
  return clean || "image";
}

/** Decodes the bytes (never trusting name or declared type), upright and at most the main size, as raw pixels. */
async function decodeImage(buffer: Buffer, name: string) {
  const kind = sniffImageKind(buffer);
  if (!kind) throw unsupported(name);
  const sharp = await loadSharp();
  // Reading the header costs nothing, so the pixel count is checked here to answer with a clear message.
  const metadata = await sharp(buffer, { ...SHARP_INPUT, limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!metadata || !decodedAs(kind, metadata)) throw unsupported(name);
  const { width = 0, height = 0 } = metadata;
  if (width * height > MAX_MEGAPIXELS * 1_000_000) {
    throw badRequest(`${name} is too large: images may have at most ${MAX_MEGAPIXELS} megapixels`);
  }
  try {
    return await sharp(buffer, SHARP_INPUT)
      .autoOrient()
      .resize({ width: MAIN_IMAGE_MAX_SIDE, height: MAIN_IMAGE_MAX_SIDE, fit: "inside", withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw badRequest(`${name} is damaged or incomplete and could not be read`);
  }
}

/** The main WebP and its narrower renditions; re-encoding from pixels leaves every bit of metadata behind. */
async function encodeWebps({ data, info }: Awaited<ReturnType<typeof decodeImage>>, filename: string) {
  const sharp = await loadSharp();
  const pixels = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  const files = [{ name: filename, data: await pixels().webp(WEBP).toBuffer() }];
  for (const width of RENDITION_WIDTHS) {
    const rendition = await pixels().resize({ width, withoutEnlargement: true }).webp(WEBP).toBuffer();
    files.push({ name: renditionName(filename, width), data: rendition });
  }
  return files;
}

const storedFileNames = (filename: string) => [
  filename,
  ...RENDITION_WIDTHS.map((width) => renditionName(filename, width)),
];

/** Removes the main file and every rendition; files already gone are no error. */
export async function removeImageFiles(uploadsDir: string, filename: string) {
  await Promise.all(
    storedFileNames(path.basename(filename)).map((name) => fs.rm(path.join(uploadsDir, name), { force: true })),
  );
}

const toMedia = (row: Row<"media">): Media => ({
  id: row.id,
  url: row.url,
  name: row.name,
  filename: row.filename,
  width: row.width,
  height: row.height,
});

/**
 * Judges one file by its bytes and stores it as WebP renditions under a generated name.
 * A file that is not an acceptable image throws an HttpError (400) meant for the uploader.
 */
export async function storeImage(db: Db, uploadsDir: string, buffer: Buffer, originalName: string): Promise<Media> {
  const name = displayName(originalName);
  const image = await decodeImage(buffer, name);
  const filename = `${randomBytes(16).toString("hex")}.webp`;
  const files = await encodeWebps(image, filename);
  await fs.mkdir(uploadsDir, { recursive: true });
  try {
    for (const file of files) await fs.writeFile(path.join(uploadsDir, file.name), file.data, { flag: "wx" });
    const row = await db
      .insertInto("media")
      .values({
        name,
        filename,
        url: `/uploads/${filename}`,
        width: image.info.width,
        height: image.info.height,
        size_bytes: files[0]!.data.length,
        created_at: new Date().toISOString(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toMedia(row);
  } catch (error) {
    await removeImageFiles(uploadsDir, filename);
    throw error;
  }
}

/** Stores each acceptable file and reports each refused one; one at a time so a large batch cannot hog both cores. */
export async function uploadImages(
  db: Db,
  uploadsDir: string,
  files: { name: string; buffer: Buffer }[],
): Promise<UploadResult> {
  const uploaded: Media[] = [];
  const rejected: RejectedFile[] = [];
  for (const file of files) {
    try {
      uploaded.push(await storeImage(db, uploadsDir, file.buffer, file.name));
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      rejected.push({ name: displayName(file.name), message: error.message });
    }
  }
  return { uploaded, rejected };
}

export async function listMedia(db: Db): Promise<Media[]> {
  const rows = await db.selectFrom("media").selectAll().orderBy("created_at", "desc").orderBy("id", "desc").execute();
  return rows.map(toMedia);
}

export async function deleteMedia(db: Db, uploadsDir: string, id: number): Promise<void> {
  const row = await db.deleteFrom("media").where("id", "=", id).returning("filename").executeTakeFirst();
  if (!row) throw notFound("Media file");
  await removeImageFiles(uploadsDir, row.filename);
}
