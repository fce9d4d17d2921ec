import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase } from "~/db/client.server";
import { DATABASE_FILE, backupData, restoreData } from "./backup";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "barber-backup-test-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe("backup and restore", () => {
  it("copies a live database and its uploads, and a restore into a fresh folder finds everything", async () => {
    const dataDir = path.join(root, "data");
    const live = openDatabase({ kind: "sqlite", file: path.join(dataDir, DATABASE_FILE) });
    await migrateToLatest(live);
    fs.mkdirSync(path.join(dataDir, "uploads"));
    fs.writeFileSync(path.join(dataDir, "uploads", "photo.webp"), "image bytes");
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
    const manifest = await backupData(dataDir, path.join(root, "backup"));
    await writes;
    expect(manifest.uploads).toBe(1);
    await live.destroy();

    const freshDir = path.join(root, "fresh");
    restoreData(path.join(root, "backup"), freshDir);
    const restored = openDatabase({ kind: "sqlite", file: path.join(freshDir, DATABASE_FILE) });
    const questions = await restored.selectFrom("faqs").select("question").execute();
    expect(questions.map((row) => row.question)).toContain("Do you take walk-ins?");
    expect(fs.readFileSync(path.join(freshDir, "uploads", "photo.webp"), "utf8")).toBe("image bytes");
    await restored.destroy();
  });

  it("refuses a folder that is not a backup and keeps the existing data", () => {
    const dataDir = path.join(root, "keep");
    fs.mkdirSync(dataDir);
    fs.writeFileSync(path.join(dataDir, DATABASE_FILE), "existing");
    expect(() => restoreData(root, dataDir)).toThrow(/not a backup/);
    expect(fs.readFileSync(path.join(dataDir, DATABASE_FILE), "utf8")).toBe("existing");
  });
});
