// npm run backup [-- destination]: a consistent copy of the database and uploads, safe while the site runs.
import path from "node:path";
import { openMediaStorage } from "~/features/media/media-storage.server";
import { backupData } from "../server/backup";
import { databaseLocation } from "../server/boot";
import { runScript } from "./lib/run-script";

await runScript(async (config) => {
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const destination = path.resolve(process.argv[2] ?? path.join("backups", stamp));
  const storage = await openMediaStorage(config.mediaStorage);
  const manifest = await backupData({ storage, dataDir: config.databaseUrl ? undefined : config.dataDir }, destination);
  const what = manifest.database ? "database + " : "";
  console.log(`Backup written to ${destination} (${what}${manifest.uploads} upload files from ${storage.location}).`);
  if (config.databaseUrl) {
    console.log(
      [
        "This site uses PostgreSQL (DATABASE_URL): add the database to the backup with pg_dump:",
        `  pg_dump --format=custom --file=${path.join(destination, "barber.dump")} "${databaseLocation(config)}"`,
        "and bring it back with pg_restore --clean --dbname=… barber.dump before npm run restore.",
      ].join("\n"),
    );
  }
});
