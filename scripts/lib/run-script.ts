import type { Config } from "~/config.server";
import { readConfig } from "../../server/config";
import { loadEnvFile } from "./env-file.mjs";

/**
 * Runs a maintenance script against the site's own data, configured exactly as `npm start`
 * configures the site (`.env` first). A failure ends it with one line on stderr and exit
 * code 1: the reader needs the reason, not a stack trace.
 */
export async function runScript(main: (config: Config) => Promise<void>) {
  try {
    loadEnvFile();
    await main(readConfig());
  } catch (error) {
    console.error(`Error: ${(error instanceof Error ? error.message : String(error)).replace(/\s*\n\s*/g, " ")}`);
    process.exitCode = 1;
  }
}
