// The one place that reads `.env`, for `npm start` and every maintenance script alike, so a script works
// on the same database as the running site. Like dotenv, it reads `.env` in the working directory, which
// `npm start` and `npm run <script>` set to the repository. Variables already set win over the file.
import fs from "node:fs";
import path from "node:path";

/** Loads `./.env` into process.env when there is one; returns its path, or null. */
export function loadEnvFile() {
  const file = path.resolve(".env");
  if (!fs.existsSync(file)) return null;
  process.loadEnvFile(file);
  return file;
}
