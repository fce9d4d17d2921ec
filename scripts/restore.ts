// npm run restore -- <backup-folder>: puts a backup in place as DATA_DIR. Stop the site first.
import { restoreData } from "../server/backup";
import { readConfig } from "../server/config";

const config = readConfig();
const backupDir = process.argv[2];
if (!backupDir) {
  console.error("Usage: npm run restore -- <backup-folder>   (stop the site first)");
  process.exit(1);
}
restoreData(backupDir, config.dataDir);
console.log(
  `Restored ${backupDir} into ${config.dataDir}. The previous database, if any, was kept beside it (*.before-restore-*).`,
);
