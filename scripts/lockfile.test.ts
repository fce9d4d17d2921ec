import fs from "node:fs";
import path from "node:path";
import semver from "semver";
import { describe, expect, it } from "vitest";

/*
 * npm drops other platforms' optional packages (rollup's, esbuild's, lightningcss's …) when it rewrites
 * the lockfile over an existing node_modules; `npm ci` on another machine then refuses the lock.
 * `npm install --package-lock-only` on a tree without node_modules writes them all back.
 */

interface LockedPackage {
  version?: string;
  engines?: { node?: string };
  /** Set on a platform's own build (rollup-darwin-arm64): installed only where it fits. */
  os?: string[];
  cpu?: string[];
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  hasInstallScript?: boolean;
}
interface Lockfile {
  packages: Record<string, LockedPackage>;
}

const root = path.resolve(import.meta.dirname, "..");
const readJson = <T>(file: string) => JSON.parse(fs.readFileSync(path.join(root, file), "utf8")) as T;

/** Where Node would find `name` from the package at `location`: its own node_modules, then each parent's. */
function resolves(lock: Lockfile, location: string, name: string) {
  let folder = location;
  for (;;) {
    if (lock.packages[`${folder ? `${folder}/` : ""}node_modules/${name}`]) return true;
    if (!folder) return false;
    const parent = folder.lastIndexOf("/node_modules/");
    folder = parent === -1 ? "" : folder.slice(0, parent);
  }
}

/** Each optional package some locked package names, as `where → name`, that the lock has no entry for. */
function missingOptionalPackages(lock: Lockfile) {
  return Object.entries(lock.packages).flatMap(([location, entry]) =>
    Object.keys(entry.optionalDependencies ?? {})
      .filter((name) => !resolves(lock, location, name))
      .map((name) => `${location || "(root)"} → ${name}`),
  );
}

describe("package-lock.json", () => {
  const lock = readJson<Lockfile>("package-lock.json");

  it("holds every platform's optional packages, so `npm ci` installs on any machine", () => {
    expect(missingOptionalPackages(lock)).toEqual([]);
    expect(lock.packages["node_modules/@rollup/rollup-darwin-arm64"]).toBeDefined();
  });

  it("is caught when a rewrite over node_modules dropped a platform's package", () => {
    const { ["node_modules/@rollup/rollup-darwin-arm64"]: _dropped, ...packages } = lock.packages;
    expect(missingOptionalPackages({ packages })).toContain("node_modules/rollup → @rollup/rollup-darwin-arm64");
  });

  it("installs on the oldest release of each Node line package.json promises, without an engine warning", () => {
    const { engines } = readJson<{ engines: { node: string } }>("package.json");
    const oldest = engines.node.split("||").map((range) => semver.minVersion(range)!.version);
    expect(oldest).toEqual(["22.13.0", "24.0.0", "26.0.0"]);
    const refused = Object.entries(lock.packages).flatMap(([location, entry]) =>
      location && entry.engines?.node && !entry.os && !entry.cpu
        ? oldest
            .filter((version) => !semver.satisfies(version, entry.engines!.node!))
            .map((version) => `${location} (${entry.engines!.node}) refuses Node ${version}`)
        : [],
    );
    expect(refused).toEqual([]);
  });

  it("lets no package run an install script that package.json's allowScripts has not reviewed", () => {
    const { allowScripts = {} } = readJson<{ allowScripts?: Record<string, boolean> }>("package.json");
    const withScripts = Object.entries(lock.packages)
      .filter(([location, entry]) => location && entry.hasInstallScript)
      .map(([location]) => location.slice(location.lastIndexOf("node_modules/") + "node_modules/".length));
    expect(withScripts.filter((name) => !(name in allowScripts))).toEqual([]);
  });
});
