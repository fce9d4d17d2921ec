import { randomBytes } from "node:crypto";
import path from "node:path";
import type SharpModule from "sharp";
import type { Metadata } from "sharp";
import type { Db } from "~/db/client.server";
import type { Row } from "~/db/database";
import { HttpError, badRequest, notFound } from "~/lib/http-error";
import type { MediaStorage } from "./media-storage.server";
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
    // Inputs are unique uploads, so libvips' operation cache would only hold memory while the server idles;
    // one thread per image keeps its working memory small, and uploads are handled one at a time anyway.
    sharp.cache(false);
    sharp.concurrency(1);
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

/** A main WebP with its size, and the narrower renditions that differ from it. */
export interface EncodedImage {
  width: number;
  height: number;
  main: Buffer;
  renditions: ReadonlyMap<number, Buffer>;
}

/** The main WebP and its narrower renditions; re-encoding from pixels leaves every bit of metadata behind. */
async function encodeWebps({ data, info }: Awaited<ReturnType<typeof decodeImage>>): Promise<EncodedImage> {
  const sharp = await loadSharp();
  const pixels = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  const renditions = new Map<number, Buffer>();
  for (const width of RENDITION_WIDTHS) {
    renditions.set(width, await pixels().resize({ width, withoutEnlargement: true }).webp(WEBP).toBuffer());
  }
  return { width: info.width, height: info.height, main: await pixels().webp(WEBP).toBuffer(), renditions };
}

const storedFileNames = (filename: string) => [
  filename,
  ...RENDITION_WIDTHS.map((width) => renditionName(filename, width)),
];

/** Removes the main file and every rendition; files already gone are no error. */
export async function removeImageFiles(storage: MediaStorage, filename: string) {
  await Promise.all(storedFileNames(path.basename(filename)).map((name) => storage.remove(name)));
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
export async function storeImage(db: Db, storage: MediaStorage, buffer: Buffer, originalName: string): Promise<Media> {
  const name = displayName(originalName);
  const image = await encodeWebps(await decodeImage(buffer, name));
  return storeEncodedImage(db, storage, image, name);
}

/**
 * Stores WebPs encoded already (the shipped demo pictures) as an upload would be; a rendition
 * width with no file of its own is served by the main file.
 */
export async function storeEncodedImage(
  db: Db,
  storage: MediaStorage,
  image: EncodedImage,
  originalName: string,
): Promise<Media> {
  const filename = `${randomBytes(16).toString("hex")}.webp`;
  const files = [
    { name: filename, data: image.main },
    ...RENDITION_WIDTHS.map((width) => ({
      name: renditionName(filename, width),
      data: image.renditions.get(width) ?? image.main,
    })),
  ];
  try {
    for (const file of files) await storage.put(file.name, file.data, "image/webp");
    const row = await db
      .insertInto("media")
      .values({
        name: displayName(originalName),
        filename,
        url: `/uploads/${filename}`,
        width: image.width,
        height: image.height,
        size_bytes: image.main.length,
        created_at: new Date().toISOString(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toMedia(row);
  } catch (error) {
    await removeImageFiles(storage, filename);
    throw error;
  }
}

/** Stores each acceptable file and reports each refused one; one at a time so a large batch cannot hog both cores. */
export async function uploadImages(
  db: Db,
  storage: MediaStorage,
  files: { name: string; buffer: Buffer }[],
): Promise<UploadResult> {
  const uploaded: Media[] = [];
  const rejected: RejectedFile[] = [];
  for (const file of files) {
    try {
      uploaded.push(await storeImage(db, storage, file.buffer, file.name));
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      rejected.push({ name: displayName(file.name), message: error.message });
    }
  }
  return { uploaded, rejected };
}

export const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** The refusal of a file over the upload limit, the same from the API and from a form posted to a page. */
export const fileTooLarge = (filename: string | undefined, maxFileBytes: number) =>
  new HttpError(413, `${filename || "A file"} is larger than the ${megabytes(maxFileBytes)} limit per file`);

/**
 * The image an admin form posted without JavaScript (`<field>Upload`, beside the `<field>` holding a chosen
 * address), judged and stored as an upload to the library is; its address then replaces the field's value.
 * No file chosen: the value stays as posted. A ticked `<field>Remove` (the form's "Remove image" without
 * JavaScript) empties the field.
 */
export async function storeFormImage(
  { db, storage, config }: { db: Db; storage: MediaStorage; config: { limits: { uploadMaxFileBytes: number } } },
  form: FormData,
  values: Record<string, string>,
  field = "image",
): Promise<void> {
  const maxFileBytes = config.limits.uploadMaxFileBytes;
  if (form.get(`${field}Remove`) === "on") values[field] = "";
  const file = form.get(`${field}Upload`);
  if (!(file instanceof File) || file.size === 0) return;
  if (file.size > maxFileBytes) throw fileTooLarge(file.name, maxFileBytes);
  const stored = await storeImage(db, storage, Buffer.from(await file.arrayBuffer()), file.name);
  values[field] = stored.url;
}

/** Why nothing of an upload was stored: the one file's reason, or every file's. */
export const noneUploadedMessage = (rejected: RejectedFile[]) =>
  rejected.length === 1
    ? rejected[0]!.message
    : `None of the ${rejected.length} files could be uploaded: ${rejected.map((file) => file.message).join("; ")}`;

export async function listMedia(db: Db): Promise<Media[]> {
  const rows = await db.selectFrom("media").selectAll().orderBy("created_at", "desc").orderBy("id", "desc").execute();
  return rows.map(toMedia);
}

export async function deleteMedia(db: Db, storage: MediaStorage, id: number): Promise<void> {
  const row = await db.deleteFrom("media").where("id", "=", id).returning("filename").executeTakeFirst();
  if (!row) throw notFound("Media file");
  await removeImageFiles(storage, row.filename);
}
