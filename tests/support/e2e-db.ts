import fs from "node:fs";
import path from "node:path";
import { openDatabase } from "~/db/client.server";
import { E2E_DATA_DIR } from "./e2e-env";

/**
 * The e2e server's own database, for what no screen or API may do: an appointment that
 * lies in the past, booked through the real booking rules at a moment back then.
 */
export function openE2eDatabase() {
  const urlFile = path.join(E2E_DATA_DIR, "database-url");
  return fs.existsSync(urlFile)
    ? openDatabase({ kind: "postgres", url: fs.readFileSync(urlFile, "utf8").trim() })
    : openDatabase({ kind: "sqlite", file: path.join(E2E_DATA_DIR, "barber.sqlite") });
}
