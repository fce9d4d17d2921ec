import zlib from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectDocumented } from "../../../tests/support/api-contract";
import { startS3Server, type S3TestServer } from "../../../scripts/lib/s3-server.mjs";
import { startTestApi, type TestApi, type TestClient } from "../../../tests/support/test-app";
import { renditionName } from "./media-urls";

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 180, g: 90, b: 40 } } }).composite([
    {
      input: Buffer.from(
        `<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="#1e3a8a"/></svg>`,
      ),
    },
  ]);

const jpeg = (width = 2000, height = 1500) => picture(width, height).jpeg().toBuffer();
const png = () => picture(300, 200).png().toBuffer();
const svg = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect width="100" height="100" fill="red"/></svg>',
);

/** A real PNG whose header claims 100000 × 100000 pixels. */
async function hugePngHeader() {
  const bytes = Buffer.from(
    await sharp({ create: { width: 1, height: 1, channels: 3, background: "#fff" } })
      .png()
      .toBuffer(),
  );
  bytes.writeUInt32BE(100_000, 16);
  bytes.writeUInt32BE(100_000, 20);
  bytes.writeUInt32BE(zlib.crc32(bytes.subarray(12, 29)), 29);
  return bytes;
}

function form(...files: [name: string, bytes: Buffer, type?: string][]) {
  const body = new FormData();
  for (const [name, bytes, type = "image/png"] of files)
    body.append("files", new Blob([new Uint8Array(bytes)], { type }), name);
  return body;
}

const upload = (client: TestClient, body: FormData) => client.request("POST", "/api/media", { body });

let api: TestApi;
let admin: TestClient;
const storedFiles = async () => (await api.storage.list()).sort();
const storedImage = async (name: string) => sharp((await api.storage.read(name))!).metadata();

async function clearLibrary() {
  for (const item of (await admin.get("/api/media")).body) await admin.delete(`/api/media/${item.id}`);
}

/* Every behaviour holds on both drivers: the folder in DATA_DIR and an S3 bucket (s3rver on a loopback port). */
describe.each(["local folder", "S3 bucket"] as const)("media API, stored in a %s", (driver) => {
  let bucket: S3TestServer | undefined;
  beforeAll(async () => {
    bucket = driver === "S3 bucket" ? await startS3Server({ prefix: "oldham/" }) : undefined;
    api = await startTestApi({ env: bucket ? { MEDIA_STORAGE_URL: bucket.url } : {} });
    admin = await api.admin();
  });
  afterAll(async () => {
    await api.close();
    await bucket?.close();
  });

  it("uses the configured driver", () => {
    expect(api.storage.location).toBe(driver === "S3 bucket" ? "s3://media/oldham/" : api.config.dataDir + "/uploads");
  });
  it("stores real images as WebP renditions with generated names and lists them newest first", async () => {
    const response = await upload(
      admin,
      form(["Shop Front.jpg", await jpeg(), "image/jpeg"], ["chair.png", await png()]),
    );
    await expectDocumented(response);
    expect(response.status).toBe(201);
    expect(response.body.rejected).toEqual([]);
    const [front, chair] = response.body.uploaded;
    expect(front).toMatchObject({
      name: "Shop Front.jpg",
      width: 1600,
      height: 1200,
      url: `/uploads/${front.filename}`,
    });
    expect(front.filename).toMatch(/^[0-9a-f]{32}\.webp$/);
    expect(chair).toMatchObject({ name: "chair.png", width: 300, height: 200 });

    const frontFiles = [front.filename, renditionName(front.filename, 480), renditionName(front.filename, 960)];
    expect(await storedFiles()).toEqual(
      [...frontFiles, chair.filename, renditionName(chair.filename, 480), renditionName(chair.filename, 960)].sort(),
    );
    const widths = await Promise.all(frontFiles.map(storedImage));
    expect(widths.map((m) => [m.format, m.width])).toEqual([
      ["webp", 1600],
      ["webp", 480],
      ["webp", 960],
    ]);

    const list = await admin.get("/api/media");
    await expectDocumented(list);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([chair, front]);
    await clearLibrary();
  });

  it("serves a stored file as WebP with nosniff and long caching, and 404 for a missing one", async () => {
    const { body } = await upload(admin, form(["cut.jpg", await jpeg(800, 600), "image/jpeg"]));
    const url: string = body.uploaded[0].url;
    for (const file of [url, renditionName(url, 480)]) {
      const response = await fetch(api.baseUrl + file);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/webp");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("cache-control")).toMatch(/max-age=31536000/);
    }
    expect((await fetch(`${api.baseUrl}/uploads/0123456789abcdef0123456789abcdef.webp`)).status).toBe(404);
    await clearLibrary();
  });

  it("answers a revalidation with 304 and a HEAD without the bytes", async () => {
    const { body } = await upload(admin, form(["cut.jpg", await jpeg(640, 480), "image/jpeg"]));
    const url = api.baseUrl + body.uploaded[0].url;
    const first = await fetch(url);
    const bytes = Buffer.from(await first.arrayBuffer());
    const etag = first.headers.get("etag");
    expect(etag).toBeTruthy();
    // fetch() adds `Cache-Control: no-cache` to a conditional request unless told otherwise, as the Fetch standard says.
    const revalidate = (cacheControl: string) =>
      fetch(url, { headers: { "if-none-match": etag!, "cache-control": cacheControl } });
    expect((await revalidate("max-age=0")).status).toBe(304);
    expect((await revalidate("no-cache")).status).toBe(200);
    const head = await fetch(url, { method: "HEAD" });
    expect([head.status, head.headers.get("content-length"), await head.text()]).toEqual([
      200,
      String(bytes.length),
      "",
    ]);
    await clearLibrary();
  });

  it.runIf(driver === "S3 bucket")("serves an upload made through another instance sharing the bucket", async () => {
    const other = await startTestApi({ env: { MEDIA_STORAGE_URL: bucket!.url } });
    try {
      const { body } = await upload(admin, form(["cut.jpg", await jpeg(640, 480), "image/jpeg"]));
      const fromOther = await fetch(other.baseUrl + body.uploaded[0].url);
      expect([fromOther.status, fromOther.headers.get("content-type")]).toEqual([200, "image/webp"]);
      expect(fromOther.headers.get("cache-control")).toMatch(/max-age=31536000/);
      expect(other.config.dataDir).not.toBe(api.config.dataDir);
      await clearLibrary();
      expect((await fetch(other.baseUrl + body.uploaded[0].url)).status).toBe(404);
    } finally {
      await other.close();
    }
  });

  it("strips EXIF and GPS data and turns the picture upright", async () => {
    const photo = await picture(400, 200)
      .jpeg()
      .withExif({
        IFD0: { Make: "PhoneCam" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "53/1 32/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "2/1 7/1 0/1" },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const original = await sharp(photo).metadata();
    // Tag 0x8825 (little-endian) points at the GPS block.
    expect(original.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    expect(original.orientation).toBe(6);

    const response = await upload(admin, form(["holiday.jpg", photo, "image/jpeg"]));
    await expectDocumented(response);
    expect(response.status).toBe(201);
    const stored = response.body.uploaded[0];
    expect(stored).toMatchObject({ width: 200, height: 400 });
    for (const file of [stored.filename, renditionName(stored.filename, 480), renditionName(stored.filename, 960)]) {
      const metadata = await storedImage(file);
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(metadata.orientation).toBeUndefined();
      expect(metadata.height).toBeGreaterThan(metadata.width!);
    }
    await clearLibrary();
  });

  it.each([
    [
      "a text file renamed .png",
      "notes.png",
      Buffer.from("Remember to order more pomade on Friday."),
      "image/png",
      "notes.png is not a supported image (JPEG, PNG, WebP, GIF or AVIF)",
    ],
    ["an SVG", "logo.svg", svg, "image/svg+xml", "logo.svg is not a supported image (JPEG, PNG, WebP, GIF or AVIF)"],
    [
      "an SVG renamed .png",
      "logo.png",
      svg,
      "image/png",
      "logo.png is not a supported image (JPEG, PNG, WebP, GIF or AVIF)",
    ],
    [
      "a PDF",
      "price-list.pdf",
      Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF"),
      "application/pdf",
      "price-list.pdf is not a supported image (JPEG, PNG, WebP, GIF or AVIF)",
    ],
    [
      "an empty file",
      "empty.jpg",
      Buffer.alloc(0),
      "image/jpeg",
      "empty.jpg is not a supported image (JPEG, PNG, WebP, GIF or AVIF)",
    ],
  ])("refuses %s with its message and stores nothing", async (_what, name, bytes, type, message) => {
    const response = await upload(admin, form([name, bytes, type]));
    await expectDocumented(response);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message, rejected: [{ name, message }] });
    expect((await admin.get("/api/media")).body).toEqual([]);
    expect(await storedFiles()).toEqual([]);
  });

  it("refuses a truncated JPEG and a PNG claiming absurd dimensions", async () => {
    const whole = await jpeg(1200, 900);
    const response = await upload(
      admin,
      form(
        ["cut-off.jpg", whole.subarray(0, Math.floor(whole.length * 0.6)), "image/jpeg"],
        ["huge.png", await hugePngHeader()],
      ),
    );
    await expectDocumented(response);
    expect(response.status).toBe(400);
    expect(response.body.rejected).toEqual([
      { name: "cut-off.jpg", message: "cut-off.jpg is damaged or incomplete and could not be read" },
      { name: "huge.png", message: "huge.png is too large: images may have at most 40 megapixels" },
    ]);
    expect(response.body.message).toMatch(/^None of the 2 files could be uploaded: cut-off\.jpg is damaged/);
    expect(await storedFiles()).toEqual([]);
  });

  it("stores the good files of a mixed batch in every accepted format and reports the bad ones", async () => {
    const base = picture(320, 240);
    const response = await upload(
      admin,
      form(
        ["fade.jpg", await base.clone().jpeg().toBuffer(), "image/jpeg"],
        ["notes.png", Buffer.from("not an image at all")],
        ["beard.webp", await base.clone().webp().toBuffer(), "image/webp"],
        ["logo.svg", svg, "image/svg+xml"],
        ["spin.gif", await base.clone().gif().toBuffer(), "image/gif"],
        ["modern.avif", await base.clone().avif().toBuffer(), "image/avif"],
        ["chair.png", await png()],
      ),
    );
    await expectDocumented(response);
    expect(response.status).toBe(201);
    expect(response.body.uploaded.map((m: { name: string }) => m.name)).toEqual([
      "fade.jpg",
      "beard.webp",
      "spin.gif",
      "modern.avif",
      "chair.png",
    ]);
    expect(response.body.rejected.map((r: { name: string }) => r.name)).toEqual(["notes.png", "logo.svg"]);
    expect(await storedFiles()).toHaveLength(5 * 3);
    await clearLibrary();
  });

  it("refuses a request without files, with another field name, or as JSON", async () => {
    const empty = await upload(admin, new FormData());
    await expectDocumented(empty);
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe("Choose at least one image to upload");

    const wrongField = new FormData();
    wrongField.append("image", new Blob([new Uint8Array(await png())]), "chair.png");
    expect((await upload(admin, wrongField)).body).toEqual({ message: 'Send the images in the "files" field' });

    const json = await admin.post("/api/media", { files: ["chair.png"] });
    await expectDocumented(json);
    expect(json.status).toBe(400);
    expect(await storedFiles()).toEqual([]);
  });

  it("refuses anonymous callers with 401 and non-admins with 403, changing nothing", async () => {
    const { body } = await upload(admin, form(["cut.jpg", await jpeg(640, 480), "image/jpeg"]));
    const kept = body.uploaded[0];
    const visitor = await api.visitor();
    for (const [client, status] of [
      [api.anonymous(), 401],
      [visitor, 403],
    ] as const) {
      expect((await client.get("/api/media")).status).toBe(status);
      expect((await upload(client, form(["chair.png", await png()]))).status).toBe(status);
      expect((await client.delete(`/api/media/${kept.id}`)).status).toBe(status);
    }
    expect((await admin.get("/api/media")).body).toEqual([kept]);
    expect(await storedFiles()).toHaveLength(3);
    await clearLibrary();
  });

  it("deletes the row and all its files; an unknown id is 404", async () => {
    const { body } = await upload(admin, form(["a.jpg", await jpeg(640, 480), "image/jpeg"], ["b.png", await png()]));
    const [first, second] = body.uploaded;
    expect((await admin.delete(`/api/media/${first.id}`)).status).toBe(204);
    expect(await storedFiles()).toEqual(
      [second.filename, renditionName(second.filename, 480), renditionName(second.filename, 960)].sort(),
    );
    expect((await fetch(api.baseUrl + first.url)).status).toBe(404);
    expect((await admin.get("/api/media")).body).toEqual([second]);
    expect((await admin.delete(`/api/media/${first.id}`)).status).toBe(404);
    expect((await admin.delete("/api/media/abc")).status).toBe(404);
    await clearLibrary();
  });
});

describe("media API limits", () => {
  let limited: TestApi;
  let owner: TestClient;
  beforeAll(async () => {
    limited = await startTestApi({ env: { UPLOAD_MAX_FILE_MB: "1", UPLOAD_MAX_FILES: "2" } });
    owner = await limited.admin();
  });
  afterAll(() => limited.close());

  it("answers 413 for a file over the size limit and stores nothing", async () => {
    const big = Buffer.concat([await png(), Buffer.alloc(1024 * 1024 + 10)]);
    const response = await upload(owner, form(["small.png", await png()], ["big.png", big]));
    await expectDocumented(response);
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ message: "big.png is larger than the 1 MB limit per file" });
    expect((await owner.get("/api/media")).body).toEqual([]);
  });

  it("answers 413 for too many files and stores nothing", async () => {
    const image = await png();
    const response = await upload(owner, form(["1.png", image], ["2.png", image], ["3.png", image]));
    await expectDocumented(response);
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ message: "You can upload at most 2 files at once" });
    expect((await owner.get("/api/media")).body).toEqual([]);
  });
});
