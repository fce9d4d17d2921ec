import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import type { MediaStorage } from "~/features/media/media-storage.server";

export const DATABASE_FILE = "barber.sqlite";
const MANIFEST = "backup.json";
const UPLOADS = "uploads";

export interface BackupManifest {
  createdAt: string;
  /** The SQLite file in the backup; null when the site runs on PostgreSQL (pg_dump keeps that). */
  database: string | null;
  uploads: number;
}

export interface SiteData {
  storage: MediaStorage;
  /** The SQLite site's DATA_DIR; left out for PostgreSQL, whose database pg_dump and pg_restore handle. */
  dataDir?: string;
}

/**
 * A consistent copy of a running site, in a new folder: its SQLite database (SQLite's online backup API,
 * safe beside live writers in WAL mode) and every upload, wherever the storage keeps them.
 */
export async function backupData(site: SiteData, destination: string): Promise<BackupManifest> {
  const databaseFile = site.dataDir && path.join(site.dataDir, DATABASE_FILE);
  if (databaseFile && !fs.existsSync(databaseFile)) throw new Error(`No database at ${databaseFile}`);
  fs.mkdirSync(destination, { recursive: true });
  if (fs.readdirSync(destination).length > 0) throw new Error(`${destination} is not empty`);

  if (databaseFile) {
    const source = new SQLite(databaseFile, { readonly: true, fileMustExist: true });
    try {
      await source.backup(path.join(destination, DATABASE_FILE));
    } finally {
      source.close();
    }
  }
  // Uploads are written once under fresh names and never changed, so copying them one by one is consistent.
  fs.mkdirSync(path.join(destination, UPLOADS));
  let uploads = 0;
  for (const name of await site.storage.list()) {
    const data = await site.storage.read(name);
    if (!data) continue; // deleted since the listing
    fs.writeFileSync(path.join(destination, UPLOADS, name), data);
    uploads++;
  }
  const manifest = { createdAt: new Date().toISOString(), database: databaseFile ? DATABASE_FILE : null, uploads };
  fs.writeFileSync(path.join(destination, MANIFEST), JSON.stringify(manifest, null, 2));
  return manifest;
}

/**
 * Puts a backup in place for a stopped site: the SQLite database (an existing one is moved aside, not
 * deleted) and the uploads, into whichever storage the site is configured with. Uploads already there
 * are kept: a name is only ever given to one file.
 */
export async function restoreData(backupDir: string, site: SiteData): Promise<BackupManifest> {
  const manifestFile = path.join(backupDir, MANIFEST);
  if (!fs.existsSync(manifestFile)) throw new Error(`${backupDir} is not a backup made by npm run backup`);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8")) as BackupManifest;
  if (site.dataDir && manifest.database) {
    fs.mkdirSync(site.dataDir, { recursive: true });
    const databaseFile = path.join(site.dataDir, DATABASE_FILE);
    const stamp = new Date().toISOString().replace(/[:.]/g, "-");
    for (const suffix of ["", "-wal", "-shm"]) {
      if (fs.existsSync(databaseFile + suffix))
        fs.renameSync(databaseFile + suffix, `${databaseFile}${suffix}.before-restore-${stamp}`);
    }
    fs.copyFileSync(path.join(backupDir, manifest.database), databaseFile);
  }
  const folder = path.join(backupDir, UPLOADS);
  const present = new Set(await site.storage.list());
  for (const name of fs.existsSync(folder) ? fs.readdirSync(folder) : []) {
    if (!present.has(name)) await site.storage.put(name, fs.readFileSync(path.join(folder, name)), "image/webp");
  }
  return manifest;
}
