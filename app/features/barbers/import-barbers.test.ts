import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase } from "~/db/client.server";
import { repositoryRoot, runScriptProcess } from "../../../tests/support/run-script";

const example = path.join(repositoryRoot, "docs/examples/barbers.json");
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "barber-import-"));
  // The script works only on a database the site has created.
  const db = openDatabase({ kind: "sqlite", file: path.join(dataDir, "barber.sqlite") });
  await migrateToLatest(db);
  await db.destroy();
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** Runs `npm run barbers:import` as a shop owner would, on a SQLite file of its own. */
const runImport = (...args: string[]) => runScriptProcess("import-barbers.ts", args, { env: { DATA_DIR: dataDir } });

async function barbersInFile() {
  const db = openDatabase({ kind: "sqlite", file: path.join(dataDir, "barber.sqlite") });
  try {
    return await db.selectFrom("barbers").select(["slug", "rating"]).orderBy("slug").execute();
  } finally {
    await db.destroy();
  }
}

describe("npm run barbers:import", () => {
  it("imports the example file, then refreshes it on a second run without duplicates", async () => {
    const first = await runImport(example);
    expect(first.stdout).toContain("3 created, 0 updated, 0 skipped");
    expect(first.code).toBe(0);

    const again = await runImport(example);
    expect(again.stdout).toContain("0 created, 3 updated, 0 skipped");
    expect(await barbersInFile()).toEqual([
      { slug: "fade-factory-rochdale", rating: 4.5 },
      { slug: "sharp-co-barbers", rating: 4.2 },
      { slug: "the-clipper-room", rating: 4.7 },
    ]);
  });

  it("reports a bad entry, imports the rest and exits 1", async () => {
    const file = path.join(dataDir, "one-bad.json");
    fs.writeFileSync(file, JSON.stringify({ result: { name: "No Address Cuts" } }));
    const result = await runImport(file);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("Skipped entry 0 (No Address Cuts): formatted_address:");
    expect(result.stdout).toContain("0 created, 0 updated, 1 skipped");
  });

  it("explains a missing or unreadable file", async () => {
    const usage = await runImport();
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("Usage: npm run barbers:import -- path/to/places.json");
    const missing = await runImport(path.join(dataDir, "nope.json"));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("Cannot read");
  });
});
