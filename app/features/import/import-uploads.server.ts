import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { badRequest } from "~/lib/http-error";
import type { ClientFile } from "./import-rows";

/*
 * A client file uploaded on /admin/import without JavaScript must reach the import step without being chosen
 * again: it is kept for an hour in DATA_DIR/imports under a random id, which the page's form carries in a hidden
 * field (never in a URL). Old files are cleared whenever another is kept, and a file is removed once imported.
 */

const KEEP_MS = 60 * 60 * 1000;
const ID_PATTERN = /^[a-f0-9]{32}$/;
const EXPIRED = "That upload has expired or was already imported: choose the file again.";

const folderOf = (dataDir: string) => path.join(dataDir, "imports");

async function clearExpired(folder: string, now: Date) {
  for (const entry of await fs.readdir(folder)) {
    const file = path.join(folder, entry);
    const stat = await fs.stat(file).catch(() => undefined);
    if (stat && now.getTime() - stat.mtimeMs > KEEP_MS) await fs.rm(file, { force: true });
  }
}

/** Keeps the file for an hour; answers its id. */
export async function keepUpload(dataDir: string, file: ClientFile, now = new Date()) {
  const folder = folderOf(dataDir);
  await fs.mkdir(folder, { recursive: true, mode: 0o700 });
  await clearExpired(folder, now);
  const id = randomBytes(16).toString("hex");
  await fs.writeFile(path.join(folder, `${id}.json`), JSON.stringify({ name: file.name }), { mode: 0o600 });
  await fs.writeFile(path.join(folder, `${id}.csv`), file.bytes, { mode: 0o600 });
  return id;
}

/** The file kept under the id; 400 when it is unknown or older than an hour. */
export async function keptUpload(dataDir: string, id: string, now = new Date()): Promise<ClientFile> {
  if (!ID_PATTERN.test(id)) throw badRequest(EXPIRED);
  const base = path.join(folderOf(dataDir), id);
  try {
    const stat = await fs.stat(`${base}.csv`);
    if (now.getTime() - stat.mtimeMs > KEEP_MS) throw badRequest(EXPIRED);
    const { name } = JSON.parse(await fs.readFile(`${base}.json`, "utf8")) as { name: string };
    return { name, bytes: await fs.readFile(`${base}.csv`) };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") throw badRequest(EXPIRED);
    throw error;
  }
}

export async function removeUpload(dataDir: string, id: string) {
  if (!ID_PATTERN.test(id)) return;
  const base = path.join(folderOf(dataDir), id);
  await Promise.all([fs.rm(`${base}.csv`, { force: true }), fs.rm(`${base}.json`, { force: true })]);
}
