import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase } from "~/db/client.server";
import { openMediaStorage } from "~/features/media/media-storage.server";
import { startS3Server, type S3TestServer } from "../scripts/lib/s3-server.mjs";
import { DATABASE_FILE, backupData, restoreData } from "./backup";
import { readConfig } from "./config";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "barber-backup-test-"));
const buckets: S3TestServer[] = [];
afterAll(async () => {
  for (const bucket of buckets) await bucket.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const PHOTO = "0123456789abcdef0123456789abcdef.webp";

/** The storage a site in `dataDir` is configured with: its uploads folder, or a bucket of its own. */
async function storageFor(driver: "local folder" | "S3 bucket", dataDir: string) {
  if (driver === "local folder") return openMediaStorage(readConfig({ DATA_DIR: dataDir }).mediaStorage);
  const bucket = await startS3Server({ prefix: "site/" });
  buckets.push(bucket);
  return openMediaStorage(readConfig({ MEDIA_STORAGE_URL: bucket.url }).mediaStorage);
}

describe.each(["local folder", "S3 bucket"] as const)("backup and restore, uploads in a %s", (driver) => {
  it("copies a live database and its uploads, and a restore into a fresh site finds everything", async () => {
    const dataDir = path.join(root, `${driver}-data`);
    const live = openDatabase({ kind: "sqlite", file: path.join(dataDir, DATABASE_FILE) });
    await migrateToLatest(live);
    const storage = await storageFor(driver, dataDir);
    await storage.put(PHOTO, Buffer.from("image bytes"), "image/webp");
    await live
      .insertInto("faqs")
      .values({ question: "Do you take walk-ins?", answer: "Yes.", category: "General", sort_order: 1 })
      .execute();

    // Keep writing while the backup runs, as a live site would.
    const writes = Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        live
          .insertInto("faqs")
          .values({ question: `Q${i}`, answer: "A", category: "General", sort_order: i })
          .execute(),
      ),
    );
    const backupDir = path.join(root, `${driver}-backup`);
    const manifest = await backupData({ storage, dataDir }, backupDir);
    await writes;
    expect(manifest).toMatchObject({ database: DATABASE_FILE, uploads: 1 });
    await live.destroy();

    const freshDir = path.join(root, `${driver}-fresh`);
    const freshStorage = await storageFor(driver, freshDir);
    await restoreData(backupDir, { storage: freshStorage, dataDir: freshDir });
    const restored = openDatabase({ kind: "sqlite", file: path.join(freshDir, DATABASE_FILE) });
    const questions = await restored.selectFrom("faqs").select("question").execute();
    expect(questions.map((row) => row.question)).toContain("Do you take walk-ins?");
    expect((await freshStorage.read(PHOTO))?.toString()).toBe("image bytes");
    await restored.destroy();

    // Restoring again over the same site keeps what is there and adds nothing twice.
    await restoreData(backupDir, { storage: freshStorage, dataDir: freshDir });
    expect(await freshStorage.list()).toEqual([PHOTO]);
  });

  it("backs up only the uploads of a PostgreSQL site, whose database pg_dump keeps", async () => {
    const storage = await storageFor(driver, path.join(root, `${driver}-pg`));
    await storage.put(PHOTO, Buffer.from("pg site image"), "image/webp");
    const backupDir = path.join(root, `${driver}-pg-backup`);
    expect(await backupData({ storage }, backupDir)).toMatchObject({ database: null, uploads: 1 });
    expect(fs.readdirSync(backupDir).sort()).toEqual(["backup.json", "uploads"]);
  });
});

describe("restore", () => {
  it("refuses a folder that is not a backup and keeps the existing data", async () => {
    const dataDir = path.join(root, "keep");
    fs.mkdirSync(dataDir);
    fs.writeFileSync(path.join(dataDir, DATABASE_FILE), "existing");
    const storage = await storageFor("local folder", dataDir);
    await expect(restoreData(root, { storage, dataDir })).rejects.toThrow(/not a backup/);
    expect(fs.readFileSync(path.join(dataDir, DATABASE_FILE), "utf8")).toBe("existing");
  });
});
