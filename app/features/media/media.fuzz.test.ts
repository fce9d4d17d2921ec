import zlib from "node:zlib";
import fc from "fast-check";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi, type TestClient } from "../../../tests/support/test-app";
import { MAIN_IMAGE_MAX_SIDE } from "./media-urls";

/*
 * Hostile uploads at POST /api/media: truncated images, polyglots, pixel bombs, SVG with
 * scripts, empty files, wrong types and names, malformed multipart. Every file is either
 * refused with a 4xx or stored as a re-encoded WebP (never the bytes that were sent); no
 * 5xx; a refused request stores nothing; the server's memory stays bounded.
 */

const RUNS = Number(process.env.FUZZ_MEDIA_RUNS ?? 40);
const MAX_FILE_MB = 4;

interface Upload {
  label: string;
  name: string;
  type: string;
  bytes: Buffer;
}

let api: TestApi;
let admin: TestClient;
const samples: Record<string, Buffer> = {};
const stats = { requests: 0, stored: 0, refusedFiles: 0, byStatus: {} as Record<number, number>, started: 0 };

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } });

/** Rewrites a PNG's IHDR size and its CRC, so the header is well-formed but lies. */
function withPngSize(png: Buffer, width: number, height: number) {
  const bytes = Buffer.from(png);
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  bytes.writeUInt32BE(zlib.crc32(bytes.subarray(12, 29)), 29);
  return bytes;
}

const blackPng = (side: number) =>
  sharp({ create: { width: side, height: side, channels: 3, background: "#000" } })
    .greyscale()
    .png({ compressionLevel: 9 })
    .toBuffer();

const SCRIPT = "<script>alert(document.cookie)</script>";

beforeAll(async () => {
  api = await startTestApi({ env: { UPLOAD_MAX_FILE_MB: String(MAX_FILE_MB) } });
  admin = await api.admin();
  samples.jpeg = await picture(64, 48).jpeg().toBuffer();
  samples.png = await picture(64, 48).png().toBuffer();
  // Not the server's own settings, so that a stored copy can only equal it if it was kept as sent.
  samples.webp = await picture(64, 48).webp({ quality: 95, effort: 0 }).toBuffer();
  samples.gif = await picture(64, 48).gif().toBuffer();
  // Highly compressible: a few kilobytes that decode to 36 and 49 megapixels.
  samples.png36mp = await blackPng(6000);
  samples.png49mp = await blackPng(7000);
  stats.started = Date.now();
}, 120_000);

afterAll(async () => {
  console.log(
    `Media fuzz: ${stats.requests} uploads in ${((Date.now() - stats.started) / 1000).toFixed(1)} s, ` +
      `${stats.stored} files stored as WebP, ${stats.refusedFiles} files refused, statuses ${JSON.stringify(stats.byStatus)}`,
  );
  await api?.close();
});

/** The hostile files, built from real images so that the decoder is really exercised. */
const hostileFile = (): fc.Arbitrary<Omit<Upload, "name" | "type">> =>
  fc.oneof(
    fc
      .tuple(fc.constantFrom("jpeg", "png", "webp", "gif"), fc.double({ min: 0, max: 0.95, noNaN: true }))
      .map(([kind, share]) => ({
        label: `truncated ${kind}`,
        bytes: samples[kind]!.subarray(0, Math.floor(samples[kind]!.length * share)),
      })),
    fc.constant({
      label: "JPEG header + HTML/JS",
      bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(`<html>${SCRIPT}</html>`)]),
    }),
    fc.constant({
      label: "real JPEG + trailing HTML/JS",
      bytes: Buffer.concat([samples.jpeg!, Buffer.from(`<html>${SCRIPT}</html>`)]),
    }),
    fc.constant({
      label: "GIF/JS polyglot",
      bytes: Buffer.concat([
        Buffer.from("GIF89a/*"),
        samples.gif!.subarray(8),
        Buffer.from("*/=alert(document.domain);//"),
      ]),
    }),
    fc.constant({
      label: "real GIF + trailing JS",
      bytes: Buffer.concat([samples.gif!, Buffer.from("\n/*polyglot*/alert(1);")]),
    }),
    fc.constant({ label: "PNG claiming 100000×100000", bytes: withPngSize(samples.png!, 100_000, 100_000) }),
    fc.constant({ label: "PNG claiming 1×1 with more data", bytes: withPngSize(samples.png!, 1, 1) }),
    fc.constant({ label: "PNG claiming 0×0", bytes: withPngSize(samples.png!, 0, 0) }),
    fc.constant({
      label: "SVG with script",
      bytes: Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)">${SCRIPT}<rect width="10" height="10"/></svg>`,
      ),
    }),
    fc.constant({ label: "HTML", bytes: Buffer.from(`<!doctype html><title>x</title>${SCRIPT}`) }),
    fc.constant({ label: "empty", bytes: Buffer.alloc(0) }),
    fc.constant({ label: "zip", bytes: zlib.gzipSync(Buffer.alloc(1_000_000)) }),
    fc
      .uint8Array({ minLength: 1, maxLength: 2000 })
      .map((bytes) => ({ label: "random bytes", bytes: Buffer.from(bytes) })),
    fc
      .tuple(fc.constantFrom("jpeg", "png", "webp", "gif"), fc.uint8Array({ minLength: 1, maxLength: 64 }), fc.nat())
      .map(([kind, junk, at]) => {
        // A real image with a few bytes overwritten past its header: corrupt data, not a corrupt signature.
        const bytes = Buffer.from(samples[kind]!);
        const offset = 16 + (at % Math.max(1, bytes.length - 16));
        Buffer.from(junk).copy(bytes, Math.min(offset, bytes.length - 1));
        return { label: `corrupted ${kind}`, bytes };
      }),
    fc.constantFrom("jpeg", "png", "webp", "gif").map((kind) => ({ label: `valid ${kind}`, bytes: samples[kind]! })),
  );

const fileName = fc.oneof(
  fc.constantFrom(
    "photo.jpg",
    "image.png",
    "x.html",
    "x.svg",
    "../../../etc/passwd.png",
    "..\\..\\win.ini",
    "<script>alert(1)</script>.png",
    "a\u0000b.png",
    " .png",
    ".htaccess",
    "con.png",
    "💈 barber.webp",
    "x".repeat(1000) + ".png",
    "",
  ),
  fc.string({ maxLength: 40 }),
);
const declaredType = fc.constantFrom(
  "image/png",
  "image/jpeg",
  "image/svg+xml",
  "text/html",
  "application/javascript",
  "application/octet-stream",
  "image/gif",
  "",
  "image/webp; charset=utf-8",
);

/** Built once the sample images exist. */
const uploadArb = (): fc.Arbitrary<Upload> =>
  fc.tuple(hostileFile(), fileName, declaredType).map(([file, name, type]) => ({ ...file, name, type }));

const storedFiles = async () => (await api.storage.list()).sort();
const mediaRows = () => api.db.selectFrom("media").selectAll().orderBy("id").execute();

function form(files: Upload[], field = "files") {
  const body = new FormData();
  for (const file of files) body.append(field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return body;
}

const isWebp = (bytes: Buffer) =>
  bytes.toString("latin1", 0, 4) === "RIFF" && bytes.toString("latin1", 8, 12) === "WEBP";

/** Sends the files and checks every promise of the endpoint about what it did with them. */
async function uploadAndCheck(files: Upload[]) {
  const filesBefore = await storedFiles();
  const rowsBefore = await mediaRows();
  const response = await admin.request("POST", "/api/media", { body: form(files) });
  stats.requests++;
  stats.byStatus[response.status] = (stats.byStatus[response.status] ?? 0) + 1;
  const sent = files
    .map((file) => `${file.label} as ${JSON.stringify(file.name.slice(0, 60))} (${file.type || "no type"})`)
    .join("; ");

  expect(response.status, `${sent} → ${response.status} ${response.text.slice(0, 300)}`).toBeLessThan(500);
  if (response.status >= 400) {
    expect(typeof response.body.message, `${sent}: a refusal carries a message`).toBe("string");
    expect(await storedFiles(), `${sent}: a refused upload stored files`).toEqual(filesBefore);
    expect(await mediaRows(), `${sent}: a refused upload added rows`).toEqual(rowsBefore);
    stats.refusedFiles += files.length;
    return response;
  }

  expect(response.status).toBe(201);
  const { uploaded, rejected } = response.body as {
    uploaded: { filename: string; url: string; width: number; height: number }[];
    rejected: unknown[];
  };
  // A part whose file name is empty (once any path is stripped) is read as a plain field, as an empty file input sends it.
  expect(uploaded.length + rejected.length, sent).toBeLessThanOrEqual(files.length);
  stats.stored += uploaded.length;
  stats.refusedFiles += rejected.length;
  const newFiles = (await storedFiles()).filter((name) => !filesBefore.includes(name));
  // The main file plus its renditions for each stored upload, and nothing else.
  expect(newFiles.length, sent).toBe(uploaded.length * 3);
  for (const name of newFiles) {
    const bytes = (await api.storage.read(name))!;
    expect(isWebp(bytes), `${name} from ${sent} is not WebP`).toBe(true);
    expect(
      files.some((file) => file.bytes.equals(bytes)),
      `${name} kept the bytes that were sent`,
    ).toBe(false);
    expect(bytes.includes("<script") || bytes.includes("alert("), `${name} carries the script`).toBe(false);
  }
  for (const item of uploaded) {
    expect(item.filename).toMatch(/^[0-9a-f]{32}\.webp$/);
    expect(Math.max(item.width, item.height)).toBeLessThanOrEqual(MAIN_IMAGE_MAX_SIDE);
    const served = await api.anonymous().request("GET", item.url);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
  }
  return response;
}

/** Samples the process's resident memory (the server runs in it) while `work` runs. */
async function peakRssGrowthMb(work: () => Promise<unknown>) {
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return (Math.max(peak, process.memoryUsage().rss) - base) / 1024 / 1024;
}

describe("hostile uploads at POST /api/media", () => {
  it("random batches of hostile files: refused or stored as re-encoded WebP, never a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(uploadArb(), { minLength: 1, maxLength: 5 }), async (files) => {
        await uploadAndCheck(files);
      }),
      { numRuns: RUNS },
    );
  }, 120_000);

  it("refuses pixel bombs before decoding them, and decodes a large-but-allowed one in bounded memory", async () => {
    const growth = await peakRssGrowthMb(async () => {
      const claimed = await uploadAndCheck([
        {
          label: "PNG claiming 100000×100000",
          name: "bomb.png",
          type: "image/png",
          bytes: withPngSize(samples.png!, 100_000, 100_000),
        },
      ]);
      expect(claimed.status).toBe(400);
      const bomb = await uploadAndCheck([
        {
          label: `49 MP PNG of ${samples.png49mp!.length} bytes`,
          name: "bomb49.png",
          type: "image/png",
          bytes: samples.png49mp!,
        },
      ]);
      expect(bomb.status).toBe(400);
      expect(bomb.body.message).toMatch(/megapixels/);
      const big = await uploadAndCheck([
        {
          label: `36 MP PNG of ${samples.png36mp!.length} bytes`,
          name: "big36.png",
          type: "image/png",
          bytes: samples.png36mp!,
        },
      ]);
      expect(big.status).toBe(201);
      expect(big.body.uploaded[0]).toMatchObject({ width: MAIN_IMAGE_MAX_SIDE, height: MAIN_IMAGE_MAX_SIDE });
    });
    console.log(`Media fuzz: peak RSS growth during the pixel bombs ${growth.toFixed(0)} MB`);
    expect(growth).toBeLessThan(256);
  }, 120_000);

  it("refuses too many files at once, and a file over the size limit, storing nothing", async () => {
    const many = Array.from({ length: 21 }, (_, i) => ({
      label: "valid png",
      name: `p${i}.png`,
      type: "image/png",
      bytes: samples.png!,
    }));
    expect((await uploadAndCheck(many)).status).toBe(413);
    const huge = Buffer.concat([samples.png!, Buffer.alloc((MAX_FILE_MB + 1) * 1024 * 1024)]);
    expect(
      (await uploadAndCheck([{ label: "oversized", name: "huge.png", type: "image/png", bytes: huge }])).status,
    ).toBe(413);
  });

  it("answers malformed multipart with a 4xx and stores nothing", async () => {
    const filesBefore = await storedFiles();
    const boundary = "----fuzzboundary";
    const part = `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
    const bodies: [string, string | Buffer][] = [
      [`multipart/form-data; boundary=${boundary}`, Buffer.concat([Buffer.from(part), samples.png!.subarray(0, 40)])],
      [`multipart/form-data; boundary=${boundary}`, `${part}abc\r\n--${boundary}`],
      [`multipart/form-data; boundary=${boundary}`, "no parts at all"],
      ["multipart/form-data", `${part}abc\r\n--${boundary}--\r\n`],
      [
        `multipart/form-data; boundary=${boundary}`,
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc\r\n--${boundary}--\r\n`,
      ],
      [
        `multipart/form-data; boundary=${boundary}`,
        `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\n${"x".repeat(20_000)}\r\n--${boundary}--\r\n`,
      ],
      [
        `multipart/form-data; boundary=${boundary}`,
        Array.from(
          { length: 30 },
          (_, i) => `--${boundary}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nv\r\n`,
        ).join("") + `--${boundary}--\r\n`,
      ],
      ["application/json", JSON.stringify({ files: [samples.png!.toString("base64")] })],
      ["image/png", samples.png!],
    ];
    for (const [contentType, body] of bodies) {
      const response = await admin.request("POST", "/api/media", {
        body: new Uint8Array(Buffer.from(body)),
        headers: { "content-type": contentType },
      });
      stats.requests++;
      stats.byStatus[response.status] = (stats.byStatus[response.status] ?? 0) + 1;
      expect(response.status, `${contentType}: ${response.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
      expect(response.status, `${contentType}: ${response.text.slice(0, 200)}`).toBeLessThan(500);
    }
    expect(await storedFiles()).toEqual(filesBefore);
  });

  it("still answers afterwards", async () => {
    expect((await admin.get("/api/media")).status).toBe(200);
  });
});
