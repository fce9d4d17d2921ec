import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/*
 * AES-256-GCM for the few secrets the database must keep readable (the admins' TOTP secrets), so a
 * leaked database or backup does not hand over the second factor; and keyed digests for values the
 * database may only hold as pseudonyms (decision 018). The key comes from SECRET_KEY, or from a random
 * key file made in DATA_DIR on first use (decision 010); each purpose derives its own.
 */

const KEY_FILE = "secret-key";
const keys = new Map<string, Buffer>();

export interface SecretKeySource {
  secretKey?: string;
  dataDir: string;
}

/** Whether the key is already there (SECRET_KEY, or the key file made on first use). */
export const hasSecretKey = (source: SecretKeySource) =>
  Boolean(source.secretKey) || fs.existsSync(path.join(source.dataDir, KEY_FILE));

function masterSecret(source: SecretKeySource) {
  if (source.secretKey) return source.secretKey;
  const file = path.join(source.dataDir, KEY_FILE);
  try {
    fs.mkdirSync(source.dataDir, { recursive: true });
    // "wx": of two processes starting at once, one writes the key and the other reads it.
    fs.writeFileSync(file, randomBytes(32).toString("base64"), { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return fs.readFileSync(file, "utf8").trim();
}

function keyFor(source: SecretKeySource, purpose: string) {
  const id = `${source.secretKey ? "env" : source.dataDir}|${purpose}`;
  let key = keys.get(id);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", masterSecret(source), "barber-site", purpose, 32));
    keys.set(id, key);
  }
  return key;
}

export function encryptSecret(source: SecretKeySource, purpose: string, plaintext: string) {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyFor(source, purpose), iv);
  const data = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return ["v1", iv, cipher.getAuthTag(), data]
    .map((part) => (typeof part === "string" ? part : part.toString("base64")))
    .join(".");
}

/** The plaintext, or null when the value was sealed with another key (SECRET_KEY changed) or altered. */
export function decryptSecret(source: SecretKeySource, purpose: string, sealed: string): string | null {
  const [version, iv, tag, data] = sealed.split(".");
  if (version !== "v1" || !iv || !tag || data === undefined) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyFor(source, purpose), Buffer.from(iv, "base64"));
    decipher.setAuthTag(Buffer.from(tag, "base64"));
    return Buffer.concat([decipher.update(Buffer.from(data, "base64")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

/** HMAC-SHA256 of `value` under the purpose's key, in hex: the same value always gives the same digest. */
export function keyedDigest(source: SecretKeySource, purpose: string, value: string) {
  return createHmac("sha256", keyFor(source, purpose)).update(value, "utf8").digest("hex");
}
