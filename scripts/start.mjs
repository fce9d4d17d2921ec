#!/usr/bin/env node
// `npm start`: builds the production bundle when it is missing or older than the sources, then serves it.
// In a production install (`npm ci --omit=dev` after `npm run build`, as in the container) the build tools
// are absent: then the bundle is served as it is, never rebuilt.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { loadEnvFile } from "./lib/env-file.mjs";

const root = path.resolve(import.meta.dirname, "..");
const bundle = path.resolve(root, process.env.BUILD_DIR ?? "build", "server/index.js");
const sources = ["app", "server", "public", "package.json", "vite.config.ts", "react-router.config.ts"];

function newestMtime(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((file) => file.isFile())
    .reduce((newest, file) => Math.max(newest, fs.statSync(path.join(file.parentPath, file.name)).mtimeMs), 0);
}

loadEnvFile();

const builtAt = fs.existsSync(bundle) ? fs.statSync(bundle).mtimeMs : 0;
const canBuild = fs.existsSync(path.join(root, "node_modules/@react-router/dev/package.json"));
if (!canBuild && !builtAt) {
  console.error(
    `No production bundle at ${path.relative(root, bundle)} and no build tools to make one (a production install).\n` +
      "Build first with the development dependencies installed: `npm ci && npm run build`, then `npm ci --omit=dev`.",
  );
  process.exit(1);
}
if (canBuild && builtAt < Math.max(...sources.map(newestMtime))) {
  console.log("Building the production bundle…");
  // The build's file table and the framework's repeated deprecation notices bury the lines that
  // matter (the address, the first admin password), so its output is shown only when it fails.
  const result = spawnSync("npx", ["react-router", "build"], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) {
    process.stdout.write(result.stdout ?? "");
    process.stderr.write(result.stderr ?? "");
    process.exit(result.status ?? 1);
  }
  console.log("Built.");
}

if (process.argv.includes("--build-only")) process.exit(0);

process.env.NODE_ENV ??= "production";
const { start } = await import(bundle);
await start();
