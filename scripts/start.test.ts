import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { readConfig } from "../server/config";

const root = path.resolve(import.meta.dirname, "..");
let folders: string[] = [];
afterEach(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
  folders = [];
});

/** A production install as the container has it: start.mjs, a bundle, and no build tools in node_modules. */
function productionTree(withBundle: boolean) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "barber-start-"));
  folders.push(folder);
  fs.mkdirSync(path.join(folder, "scripts/lib"), { recursive: true });
  fs.copyFileSync(path.join(root, "scripts/start.mjs"), path.join(folder, "scripts/start.mjs"));
  fs.copyFileSync(path.join(root, "scripts/lib/env-file.mjs"), path.join(folder, "scripts/lib/env-file.mjs"));
  fs.writeFileSync(path.join(folder, "package.json"), JSON.stringify({ type: "module" }));
  // Sources newer than the bundle: a development tree would rebuild here.
  fs.mkdirSync(path.join(folder, "app"));
  if (withBundle) {
    fs.mkdirSync(path.join(folder, "build/server"), { recursive: true });
    fs.writeFileSync(
      path.join(folder, "build/server/index.js"),
      "export async function start() { console.log(`started in ${process.env.NODE_ENV}`); }\n",
    );
    const past = new Date(Date.now() - 60_000);
    fs.utimesSync(path.join(folder, "build/server/index.js"), past, past);
  }
  fs.writeFileSync(path.join(folder, "app/root.tsx"), "");
  return folder;
}

async function start(folder: string) {
  const env = { PATH: process.env.PATH };
  try {
    const { stdout, stderr } = await promisify(execFile)("node", ["scripts/start.mjs"], { cwd: folder, env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    return error as { code: number; stdout: string; stderr: string };
  }
}

describe("npm start in a production install (no development packages)", () => {
  it("serves the bundle as it is, without trying to rebuild it", async () => {
    const run = await start(productionTree(true));
    expect(run.stdout).not.toContain("Building");
    expect(run.stdout).toContain("started in production");
    expect(run.code).toBe(0);
  });

  it("without a bundle, stops and says how to build one", async () => {
    const run = await start(productionTree(false));
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("npm ci && npm run build");
  });
});

describe("compose.yaml", () => {
  it("hands the site a DATABASE_URL and MEDIA_STORAGE_URL its configuration accepts", () => {
    const compose = fs.readFileSync(path.join(root, "compose.yaml"), "utf8");
    const secrets = { POSTGRES_PASSWORD: "pg0secret", MINIO_PASSWORD: "minio0secret" };
    const setting = (name: string) =>
      compose
        .match(new RegExp(`^\\s+${name}: (.+)$`, "m"))![1]!
        .replace(/\$\{(\w+):\?[^}]*\}/g, (_, variable: keyof typeof secrets) => secrets[variable]);
    const config = readConfig({
      DATABASE_URL: setting("DATABASE_URL"),
      MEDIA_STORAGE_URL: setting("MEDIA_STORAGE_URL"),
      SECRET_KEY: "k".repeat(32),
    });
    expect(config.databaseUrl).toBe("postgres://barber:pg0secret@postgres:5432/barber");
    expect(config.mediaStorage).toMatchObject({
      kind: "s3",
      endpoint: "http://minio:9000",
      bucket: "oldham-media",
      accessKeyId: "barber",
      secretAccessKey: "minio0secret",
    });
  });
});

describe("the server's V8 flags (decision 063)", () => {
  it("are the same for npm start, the container and the benchmarks' servers", async () => {
    const { SERVER_NODE_FLAGS } = await import("./lib/server-node-flags.mjs");
    const packageJson = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
    expect(packageJson.scripts.start).toBe(`node ${SERVER_NODE_FLAGS.join(" ")} scripts/start.mjs`);
    const dockerfile = fs.readFileSync(path.join(root, "Dockerfile"), "utf8");
    const command = JSON.parse(dockerfile.match(/^CMD (\[.*\])$/m)![1]!);
    expect(command).toEqual(["node", ...SERVER_NODE_FLAGS, "scripts/start.mjs"]);
  });
});
