// npm run restore -- <backup-folder>: puts a backup made by `npm run backup` in place (stop the site first).
import { openMediaStorage } from "~/features/media/media-storage.server";
import { restoreData } from "../server/backup";
import { runScript } from "./lib/run-script";

await runScript(async (config) => {
  const backupDir = process.argv[2];
  if (!backupDir) throw new Error("Usage: npm run restore -- <backup-folder>   (stop the site first)");
  const storage = await openMediaStorage(config.mediaStorage);
  const manifest = await restoreData(backupDir, { storage, dataDir: config.databaseUrl ? undefined : config.dataDir });
  console.log(
    manifest.database && !config.databaseUrl
      ? `Restored ${backupDir} into ${config.dataDir} and ${storage.location}. The previous database, if any, was kept beside it (*.before-restore-*).`
      : `Restored the uploads of ${backupDir} into ${storage.location}; restore the PostgreSQL database with pg_restore.`,
  );
});
