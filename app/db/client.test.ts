import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterEach, expect, test } from "vitest";
import { migrateToLatest, openDatabase, type Db } from "./client.server";

let dir: string | undefined;
let db: Db | undefined;

afterEach(async () => {
  await db?.destroy();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

test("an SQLite transaction takes the write lock when it begins, so another process cannot slip a write between its read and its write", async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "barber-lock-"));
  const file = path.join(dir, "barber.sqlite");
  db = openDatabase({ kind: "sqlite", file });
  await migrateToLatest(db);
  const otherProcess = new SQLite(file);
  otherProcess.pragma("busy_timeout = 0");

  await db.transaction().execute(async (trx) => {
    await trx.selectFrom("content_version").select("version").executeTakeFirst();
    expect(() => otherProcess.prepare("update content_version set version = version + 1").run()).toThrow(
      /database is locked/,
    );
    await trx.updateTable("content_version").set({ version: 41 }).execute();
  });

  otherProcess.prepare("update content_version set version = version + 1").run();
  expect(otherProcess.prepare("select version from content_version").get()).toEqual({ version: 42 });
  otherProcess.close();
});

test("the SQLite file, its WAL and its shared memory are readable by the server's user alone", async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "barber-mode-"));
  const file = path.join(dir, "barber.sqlite");
  const umask = process.umask(0o022);
  try {
    db = openDatabase({ kind: "sqlite", file });
    await migrateToLatest(db);
  } finally {
    process.umask(umask);
  }
  for (const created of [file, `${file}-wal`, `${file}-shm`]) {
    expect((fs.statSync(created).mode & 0o777).toString(8), created).toBe("600");
  }
});

test("an older SQLite file left readable by others is narrowed when opened", async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "barber-mode-"));
  const file = path.join(dir, "barber.sqlite");
  fs.writeFileSync(file, "", { mode: 0o644 });
  fs.chmodSync(file, 0o644);
  db = openDatabase({ kind: "sqlite", file });
  await migrateToLatest(db);
  expect((fs.statSync(file).mode & 0o777).toString(8)).toBe("600");
});
