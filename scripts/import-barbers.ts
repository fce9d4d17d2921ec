// `npm run barbers:import -- path/to/places.json`: creates or refreshes the nearby-barbers directory
// from place details (a list, { "results": [...] } or { "result": {...} }) in the database the
// server uses (DATA_DIR or DATABASE_URL). Exits 1 when any entry was skipped, so a scheduled run notices.
import fs from "node:fs";
import { placesFromJson } from "~/features/barbers/barbers.schema";
import { importBarbers } from "~/features/barbers/barbers.server";
import { openExistingAppDatabase } from "../server/boot";
import { runScript } from "./lib/run-script";

const file = process.argv[2];
if (!file) {
  console.error("Usage: npm run barbers:import -- path/to/places.json");
  process.exit(2);
}

await runScript(async (config) => {
  let places: unknown[];
  try {
    places = placesFromJson(JSON.parse(fs.readFileSync(file, "utf8")));
  } catch (error) {
    console.error(`Cannot read ${file}: ${(error as Error).message}`);
    process.exit(2);
  }
  const db = await openExistingAppDatabase(config);
  try {
    const summary = await importBarbers(db, places);
    for (const problem of summary.problems) {
      console.error(`Skipped entry ${problem.index}${problem.name ? ` (${problem.name})` : ""}: ${problem.message}`);
    }
    console.log(
      `Barbers imported from ${file}: ${summary.created} created, ${summary.updated} updated, ${summary.skipped} skipped.`,
    );
    process.exitCode = summary.skipped > 0 ? 1 : 0;
  } finally {
    await db.destroy();
  }
});
