import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";

export const DATABASE_FILE = "barber.sqlite";
const MANIFEST = "backup.json";

export interface BackupManifest {
  createdAt: string;
  database: string;
  uploads: number;
}

/**
 * A consistent copy of a running site's SQLite database (SQLite's online backup
 * API, safe beside live writers in WAL mode) plus its uploads, in a new folder.
 */
export async function backupData(dataDir: string, destination: string): Promise<BackupManifest> {
  const databaseFile = path.join(dataDir, DATABASE_FILE);
  if (!fs.existsSync(databaseFile)) throw new Error(`No database at ${databaseFile}`);
  fs.mkdirSync(destination, { recursive: true });
  if (fs.readdirSync(destination).length > 0) throw new Error(`${destination} is not empty`);

  const source = new SQLite(databaseFile, { readonly: true, fileMustExist: true });
  try {
    await source.backup(path.join(destination, DATABASE_FILE));
  } finally {
    source.close();
  }
  // Uploads are written once under fresh names and never changed, so a plain copy is consistent.
  const uploads = path.join(dataDir, "uploads");
  let count = 0;
  if (fs.existsSync(uploads)) {
    fs.cpSync(uploads, path.join(destination, "uploads"), { recursive: true });
    count = fs.readdirSync(uploads).length;
  }
  const manifest = { createdAt: new Date().toISOString(), database: DATABASE_FILE, uploads: count };
  fs.writeFileSync(path.join(destination, MANIFEST), JSON.stringify(manifest, null, 2));
  return manifest;
}

/** Puts a backup in place as the data folder of a stopped site; an existing database is moved aside, not deleted. */
export function restoreData(backupDir: string, dataDir: string) {
  if (!fs.existsSync(path.join(backupDir, MANIFEST)))
    throw new Error(`${backupDir} is not a backup made by npm run backup`);
  fs.mkdirSync(dataDir, { recursive: true });
  const databaseFile = path.join(dataDir, DATABASE_FILE);
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  for (const suffix of ["", "-wal", "-shm"]) {
    if (fs.existsSync(databaseFile + suffix))
      fs.renameSync(databaseFile + suffix, `${databaseFile}${suffix}.before-restore-${stamp}`);
  }
  const uploads = path.join(dataDir, "uploads");
  if (fs.existsSync(uploads)) fs.renameSync(uploads, `${uploads}.before-restore-${stamp}`);

  fs.copyFileSync(path.join(backupDir, DATABASE_FILE), databaseFile);
  if (fs.existsSync(path.join(backupDir, "uploads")))
    fs.cpSync(path.join(backupDir, "uploads"), uploads, { recursive: true });
}
