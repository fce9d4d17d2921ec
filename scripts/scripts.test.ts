import { execFile } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import net, { type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase } from "~/db/client.server";
import { verifyPassword } from "~/features/auth/auth.server";
import { customerFingerprint } from "~/features/customer-identity/customer-fingerprint.server";
import { runScriptProcess, type ScriptRun } from "../tests/support/run-script";

/*
 * The maintenance scripts run as child processes, as `npm run …` runs them: each in a folder
 * of its own that plays the repository, so `.env` there is what `npm start` would read.
 */

let folders: string[] = [];
afterEach(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
  folders = [];
});

function tempFolder() {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "barber-scripts-"));
  folders.push(folder);
  return folder;
}

/** Storage holds only names the media feature generates. */
const UPLOAD_NAME = `${"ab".repeat(16)}.webp`;

/** A data folder holding a site database, as after a first start. */
async function siteDataDir() {
  const dataDir = path.join(tempFolder(), "site-data");
  const db = openDatabase({ kind: "sqlite", file: path.join(dataDir, "barber.sqlite") });
  await migrateToLatest(db);
  await db.destroy();
  fs.mkdirSync(path.join(dataDir, "uploads"));
  fs.writeFileSync(path.join(dataDir, "uploads", UPLOAD_NAME), "not really a picture");
  return dataDir;
}

/** One line on stderr naming the problem, and no stack trace. */
function expectOneLineError(run: ScriptRun, text: string) {
  expect(run.code).not.toBe(0);
  expect(run.stderr).toContain(text);
  expect(run.stderr.trim().split("\n")).toHaveLength(1);
  expect(run.stderr).not.toMatch(/^\s+at /m);
}

describe("npm run admin:reset-password", () => {
  it("refuses a database that does not exist, naming where it looked, and creates nothing", async () => {
    const cwd = tempFolder();
    const dataDir = path.join(cwd, "no-such-data");
    const run = await runScriptProcess("reset-admin-password.ts", ["admin", "a-new-password"], {
      cwd,
      env: { DATA_DIR: dataDir },
    });
    expectOneLineError(run, `No site database at ${path.join(dataDir, "barber.sqlite")}`);
    expect(run.stdout).not.toContain("reset");
    expect(fs.existsSync(dataDir)).toBe(false);
  });

  it("refuses the default ./data too when .env names none, instead of starting an empty database there", async () => {
    const cwd = tempFolder();
    const run = await runScriptProcess("reset-admin-password.ts", [], { cwd });
    expectOneLineError(run, `No site database at ${path.join(fs.realpathSync(cwd), "data", "barber.sqlite")}`);
    expect(fs.readdirSync(cwd)).toEqual([]);
  });

  it("resets the password in the database named by .env", async () => {
    const cwd = tempFolder();
    const dataDir = await siteDataDir();
    fs.writeFileSync(path.join(cwd, ".env"), `DATA_DIR=${dataDir}\n`);
    const run = await runScriptProcess("reset-admin-password.ts", ["owner", "owner-password-2"], { cwd });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`reset in ${path.join(dataDir, "barber.sqlite")}`);
    const db = openDatabase({ kind: "sqlite", file: path.join(dataDir, "barber.sqlite") });
    const user = await db
      .selectFrom("users")
      .select("password_hash")
      .where("username", "=", "owner")
      .executeTakeFirst();
    await db.destroy();
    expect(await verifyPassword("owner-password-2", user!.password_hash)).toBe(true);
    expect(run.stdout).not.toContain("Two-factor");
  });

  it("says when it turned the account's two-factor sign-in off", async () => {
    const cwd = tempFolder();
    const dataDir = await siteDataDir();
    fs.writeFileSync(path.join(cwd, ".env"), `DATA_DIR=${dataDir}\n`);
    const db = openDatabase({ kind: "sqlite", file: path.join(dataDir, "barber.sqlite") });
    await db
      .insertInto("users")
      .values({
        username: "owner",
        password_hash: "x",
        is_admin: 1,
        two_factor_enabled: 1,
        two_factor_secret: "sealed",
        created_at: new Date().toISOString(),
      })
      .execute();
    const run = await runScriptProcess("reset-admin-password.ts", ["owner", "owner-password-3"], { cwd });
    const user = await db
      .selectFrom("users")
      .select("two_factor_enabled")
      .where("username", "=", "owner")
      .executeTakeFirstOrThrow();
    await db.destroy();
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Two-factor sign-in was on for "owner" and is now off');
    expect(user.two_factor_enabled).toBe(0);
  });
});

describe("npm run backup and npm run restore", () => {
  it("back up the DATA_DIR named in .env and restore into the DATA_DIR named in .env", async () => {
    const dataDir = await siteDataDir();
    const backupCwd = tempFolder();
    fs.writeFileSync(path.join(backupCwd, ".env"), `DATA_DIR=${dataDir}\n`);
    const destination = path.join(tempFolder(), "copy");
    const backup = await runScriptProcess("backup.ts", [destination], { cwd: backupCwd });
    expect(backup.stderr).toBe("");
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain(`Backup written to ${destination} (database + 1 upload files`);
    expect(fs.readdirSync(path.join(destination, "uploads"))).toEqual([UPLOAD_NAME]);

    const restoreCwd = tempFolder();
    const restoredDir = path.join(restoreCwd, "restored-data");
    fs.writeFileSync(path.join(restoreCwd, ".env"), `DATA_DIR=${restoredDir}\n`);
    const restore = await runScriptProcess("restore.ts", [destination], { cwd: restoreCwd });
    expect(restore.stderr).toBe("");
    expect(restore.code).toBe(0);
    expect(fs.existsSync(path.join(restoredDir, "barber.sqlite"))).toBe(true);
    expect(fs.readdirSync(path.join(restoredDir, "uploads"))).toEqual([UPLOAD_NAME]);
  });

  it("a backup with no database where .env points says so in one line", async () => {
    const cwd = tempFolder();
    fs.writeFileSync(path.join(cwd, ".env"), `DATA_DIR=${path.join(cwd, "missing")}\n`);
    const run = await runScriptProcess("backup.ts", [path.join(cwd, "copy")], { cwd });
    expectOneLineError(run, `No database at ${path.join(cwd, "missing", "barber.sqlite")}`);
  });

  it("a restore from a folder that is no backup says so in one line", async () => {
    const cwd = tempFolder();
    const run = await runScriptProcess("restore.ts", [path.join(cwd, "nothing-here")], { cwd });
    expectOneLineError(run, "is not a backup made by npm run backup");
  });
});

describe("npm run barbers:import", () => {
  it("refuses a database that does not exist and creates nothing", async () => {
    const cwd = tempFolder();
    const dataDir = path.join(cwd, "no-such-data");
    const places = path.join(cwd, "places.json");
    fs.writeFileSync(places, "[]");
    const run = await runScriptProcess("import-barbers.ts", [places], { cwd, env: { DATA_DIR: dataDir } });
    expectOneLineError(run, `No site database at ${path.join(dataDir, "barber.sqlite")}`);
    expect(fs.existsSync(dataDir)).toBe(false);
  });
});

describe("npm run customer:fingerprint", () => {
  it("prints the fingerprint the audit log holds for a customer, with the site's key, whatever the address's case", async () => {
    const dataDir = await siteDataDir();
    const expected = customerFingerprint({ dataDir }, "ada@example.com");
    const run = await runScriptProcess("customer-fingerprint.ts", ["Ada@Example.com"], { env: { DATA_DIR: dataDir } });
    expect(run.stdout.trim()).toBe(expected);
  });

  it("refuses a folder without the site's key instead of making a new one, and a malformed address", async () => {
    const dataDir = path.join(tempFolder(), "no-key");
    const run = await runScriptProcess("customer-fingerprint.ts", ["ada@example.com"], { env: { DATA_DIR: dataDir } });
    expectOneLineError(run, `No secret key in ${dataDir}`);
    expect(fs.existsSync(dataDir)).toBe(false);
    const malformed = await runScriptProcess("customer-fingerprint.ts", ["not-an-address"]);
    expectOneLineError(malformed, "Usage: npm run customer:fingerprint -- name@example.com");
  });
});

describe("the end-to-end tests' server", () => {
  it("stops with a clear message when its port is taken, instead of testing whatever answers there", async () => {
    const other = net.createServer().listen(0, "127.0.0.1");
    await once(other, "listening");
    const port = (other.address() as AddressInfo).port;
    try {
      const run = await promisify(execFile)(process.execPath, ["tests/support/e2e-server.mjs"], {
        env: { ...process.env, PORT: String(port) },
      }).then(
        () => ({ code: 0, stderr: "" }),
        (error: { code: number; stderr: string }) => error,
      );
      expect(run.code).toBe(1);
      expect(run.stderr.trim()).toBe(
        `Port ${port} is already in use, so the end-to-end tests cannot start their server there. Stop what runs on it, or choose another port: E2E_PORT=4180 npx playwright test`,
      );
    } finally {
      other.close();
    }
  });
});
