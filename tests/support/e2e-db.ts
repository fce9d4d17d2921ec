import fs from "node:fs";
import path from "node:path";
import { openDatabase } from "~/db/client.server";
import { e2eDataDir } from "./e2e-env";

/**
 * The database of the e2e server the running test talks to, for what no screen or API may do: an appointment that
 * lies in the past, booked through the real booking rules at a moment back then.
 */
export function openE2eDatabase() {
  const dataDir = e2eDataDir();
  const urlFile = path.join(dataDir, "database-url");
  return fs.existsSync(urlFile)
    ? openDatabase({ kind: "postgres", url: fs.readFileSync(urlFile, "utf8").trim() })
    : openDatabase({ kind: "sqlite", file: path.join(dataDir, "barber.sqlite") });
}
