// npm run backup [-- destination]: a consistent copy of the database and uploads, safe while the site runs.
import path from "node:path";
import { backupData } from "../server/backup";
import { readConfig } from "../server/config";

const config = readConfig();
if (config.databaseUrl) {
  console.log(
    [
      "This site uses PostgreSQL (DATABASE_URL). Back it up with pg_dump, and copy the uploads folder:",
      `  pg_dump --format=custom --file=barber.dump "${config.databaseUrl.replace(/:[^:@/]*@/, ":***@")}"`,
      `  cp -r ${config.uploadsDir} ./uploads-backup`,
      "Restore with pg_restore --clean --dbname=… barber.dump.",
    ].join("\n"),
  );
  process.exit(0);
}
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const destination = path.resolve(process.argv[2] ?? path.join("backups", stamp));
const manifest = await backupData(config.dataDir, destination);
console.log(`Backup written to ${destination} (database + ${manifest.uploads} upload files).`);
