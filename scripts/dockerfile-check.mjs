#!/usr/bin/env node
// Runs the Dockerfile without Docker, so it cannot rot unseen on a machine that has none (.ci/run runs this):
// its RUN steps, the same commands in the same order, each stage in a folder of its own under a temporary
// directory that stands for the image's `/` (WORKDIRs, COPY destinations and the paths they name are mapped
// there; the build context is the tree less .dockerignore). Then the last stage's CMD starts with its ENV on a
// free port, and its HEALTHCHECK command must pass and the site answer. What Docker alone does (the base image,
// --chown, USER, cache mounts) is checked for presence, not run. Prints the sizes and the idle memory.
//   node scripts/dockerfile-check.mjs [--keep]   (--keep leaves the temporary folder for a look)
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const keep = process.argv.includes("--keep");
const work = fs.mkdtempSync(path.join(os.tmpdir(), "dockerfile-check-"));
const started = Date.now();
const log = (message) => console.log(`[dockerfile-check ${((Date.now() - started) / 1000).toFixed(0)}s] ${message}`);
const fail = (message) => {
  console.error(`dockerfile-check: ${message}`);
  process.exit(1);
};

/** Instructions, continuation lines joined and comments dropped: `{ keyword, args }`. */
function parseDockerfile(text) {
  const lines = text.split("\n").filter((line) => !/^\s*#/.test(line));
  const joined = lines.join("\n").replace(/\\\n/g, " ");
  return joined
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [, keyword, args] = line.match(/^(\w+)\s+(.*)$/) ?? fail(`cannot read the line: ${line}`);
      return { keyword: keyword.toUpperCase(), args: args.trim() };
    });
}

/** Leading `--name=value` flags of an instruction, and the rest. */
function flagsOf(args) {
  const flags = {};
  let rest = args;
  for (let match; (match = rest.match(/^--([\w-]+)=(\S+)\s+/)); rest = rest.slice(match[0].length)) {
    flags[match[1]] = match[2];
  }
  return { flags, rest };
}

/** `KEY=value KEY2="value two"` as an object. */
function assignments(args) {
  return Object.fromEntries(
    [...args.matchAll(/(\w+)=("([^"]*)"|\S*)/g)].map(([, key, raw, quoted]) => [key, quoted ?? raw]),
  );
}

const substitute = (text, vars) => text.replace(/\$\{(\w+)\}|\$(\w+)/g, (_, a, b) => vars[a ?? b] ?? "");

/** The build context: the tree without what .dockerignore leaves out. */
function copyContext(destination) {
  const ignoreFile = path.join(root, ".dockerignore");
  const patterns = fs.existsSync(ignoreFile)
    ? fs
        .readFileSync(ignoreFile, "utf8")
        .split("\n")
        .map((line) => line.trim())
        .filter((line) => line && !line.startsWith("#"))
    : [];
  if (patterns.some((pattern) => pattern.startsWith("!")))
    fail("exceptions (!) in .dockerignore are not supported here");
  const ignored = (relative) => patterns.some((pattern) => path.matchesGlob(relative, pattern.replace(/\/$/, "")));
  fs.cpSync(root, destination, {
    recursive: true,
    filter: (source) => {
      const relative = path.relative(root, source);
      return relative === "" || !ignored(relative);
    },
  });
}

const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const sizeOf = (folder) => spawnSync("du", ["-sh", folder], { encoding: "utf8" }).stdout.split("\t")[0];

const instructions = parseDockerfile(fs.readFileSync(path.join(root, "Dockerfile"), "utf8"));
const args = {};
const stages = [];
let stage;
/** Container paths the file itself names (WORKDIRs, VOLUMEs, absolute COPY destinations): mapped into a stage. */
const containerRoots = new Set();
for (const { keyword, args: text } of instructions) {
  if (keyword === "WORKDIR" || keyword === "VOLUME") containerRoots.add(text.split("/")[1]);
  if (keyword === "COPY") {
    const destination = text.split(/\s+/).at(-1);
    if (destination.startsWith("/")) containerRoots.add(destination.split("/")[1]);
  }
}
const mapPaths = (text, stageRoot) =>
  text.replace(
    new RegExp(`(^|[\\s="'])/(${[...containerRoots].join("|")})(?=/|$|[\\s"'])`, "g"),
    (_, before, top) => `${before}${stageRoot}/${top}`,
  );

copyContext(path.join(work, "context"));
log(`build context copied to ${work}/context`);

for (const { keyword, args: raw } of instructions) {
  const text = substitute(raw, { ...args, ...(stage?.env ?? {}) });
  switch (keyword) {
    case "ARG": {
      const [name, value = ""] = raw.split("=");
      args[name] ??= value;
      break;
    }
    case "FROM": {
      const [image, , name] = text.split(/\s+/);
      const major = image.match(/^node:(\d+)/)?.[1];
      if (major && major !== process.versions.node.split(".")[0])
        fail(`the image is ${image}, but this check runs on Node ${process.versions.node}: run it on Node ${major}`);
      const stageRoot = path.join(work, `stage-${stages.length}`);
      fs.mkdirSync(stageRoot);
      stage = { name: name ?? String(stages.length), root: stageRoot, cwd: stageRoot, env: {}, user: "root" };
      stages.push(stage);
      log(`stage ${stage.name} (${image})`);
      break;
    }
    case "WORKDIR":
      stage.cwd = path.join(stage.root, text);
      fs.mkdirSync(stage.cwd, { recursive: true });
      break;
    case "ENV":
      Object.assign(stage.env, assignments(text));
      break;
    case "COPY": {
      const { flags, rest } = flagsOf(text);
      const parts = rest.split(/\s+/);
      const destinationText = parts.pop();
      const from = flags.from
        ? (stages.find((s) => s.name === flags.from) ?? fail(`no stage ${flags.from}`))
        : undefined;
      const destination = destinationText.startsWith("/")
        ? path.join(stage.root, destinationText)
        : path.join(stage.cwd, destinationText);
      for (const source of parts) {
        const full = from ? path.join(from.root, source) : path.join(work, "context", source);
        if (!fs.existsSync(full)) fail(`COPY ${source}: not there`);
        if (fs.statSync(full).isDirectory()) {
          // As Docker does: a folder's contents go into the destination.
          fs.mkdirSync(destination, { recursive: true });
          const copy = spawnSync("cp", ["-a", "--reflink=auto", `${full}/.`, destination], { stdio: "inherit" });
          if (copy.status !== 0) fail(`COPY ${source} failed`);
        } else {
          const target = destinationText.endsWith("/") ? path.join(destination, path.basename(source)) : destination;
          fs.mkdirSync(path.dirname(target), { recursive: true });
          fs.copyFileSync(full, target);
        }
      }
      break;
    }
    case "RUN": {
      const { rest } = flagsOf(text);
      const command = mapPaths(rest, stage.root);
      log(`RUN ${rest}`);
      const result = spawnSync("bash", ["-ec", command], {
        cwd: stage.cwd,
        stdio: "inherit",
        // npm's own cache on this machine stands in for the cache mount.
        env: { ...process.env, ...stage.env },
      });
      if (result.status !== 0) fail(`RUN ${rest} failed (exit ${result.status})`);
      break;
    }
    case "USER":
      stage.user = text;
      break;
    case "HEALTHCHECK":
      stage.healthcheck = JSON.parse(flagsOf(text).rest.replace(/^CMD\s+/, ""));
      break;
    case "CMD":
      stage.cmd = JSON.parse(text);
      break;
    case "VOLUME":
    case "EXPOSE":
      break;
    default:
      fail(`${keyword} is not handled by this check: teach it, so the Dockerfile stays tested`);
  }
}

const final = stages.at(-1);
if (["root", "0"].includes(final.user)) fail("the last stage runs as root: add a USER");
if (!final.healthcheck) fail("the last stage has no HEALTHCHECK");
if (!final.cmd) fail("the last stage has no CMD");
const modules = path.join(final.cwd, "node_modules");
for (const devOnly of ["vite", "@react-router/dev", "vitest"]) {
  if (fs.existsSync(path.join(modules, devOnly))) fail(`the image holds ${devOnly}, a development package`);
}
// Issue 21's budget for a production install (decisions 025, 035): a package the server build could bundle
// instead of importing (vite.config.ts) belongs in devDependencies.
const PRODUCTION_MODULES_BUDGET_MB = 200;
const modulesMb = Number(spawnSync("du", ["-sk", modules], { encoding: "utf8" }).stdout.split("\t")[0]) / 1024;
if (!(modulesMb < PRODUCTION_MODULES_BUDGET_MB))
  fail(`the image's node_modules takes ${modulesMb.toFixed(0)} MB, over the ${PRODUCTION_MODULES_BUDGET_MB} MB budget`);

const port = await freePort();
// The image's environment only (nothing from this machine's, such as a DATABASE_URL), on a free port.
const env = {
  PATH: process.env.PATH,
  HOME: path.join(final.root, "home"),
  ...Object.fromEntries(Object.entries(final.env).map(([key, value]) => [key, mapPaths(value, final.root)])),
  PORT: String(port),
};
log(`CMD ${final.cmd.join(" ")} on port ${port}`);
const server = spawn(final.cmd[0], final.cmd.slice(1), { cwd: final.cwd, env, stdio: ["ignore", "pipe", "pipe"] });
let output = "";
server.stdout.on("data", (chunk) => (output += chunk));
server.stderr.on("data", (chunk) => (output += chunk));
const exited = new Promise((resolve) => server.on("exit", resolve));

let healthy = false;
for (let attempt = 0; attempt < 60 && server.exitCode === null; attempt++) {
  const check = spawnSync(final.healthcheck[0], final.healthcheck.slice(1), { cwd: final.cwd, env, timeout: 5_000 });
  if (check.status === 0) {
    healthy = true;
    break;
  }
  await new Promise((resolve) => setTimeout(resolve, 1_000));
}
let problem = healthy ? undefined : "the HEALTHCHECK never passed";
if (healthy) {
  const home = await fetch(`http://127.0.0.1:${port}/`);
  const services = await fetch(`http://127.0.0.1:${port}/api/services`);
  if (home.status !== 200 || services.status !== 200)
    problem = `the site answered / ${home.status} and /api/services ${services.status}`;
  // Idle: after the first requests, with the start-up work done.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const rss = fs.readFileSync(`/proc/${server.pid}/status`, "utf8").match(/VmRSS:\s+(\d+)/)?.[1];
  log(`healthy; idle RSS ${Math.round(Number(rss) / 1024)} MB`);
}
server.kill("SIGTERM");
const stopped = await Promise.race([exited, new Promise((resolve) => setTimeout(() => resolve("timeout"), 15_000))]);
if (stopped === "timeout") {
  server.kill("SIGKILL");
  problem ??= "the server did not stop within 15 s of SIGTERM";
}
if (problem) {
  process.stdout.write(output);
  fail(problem);
}
log(`image: node_modules ${sizeOf(modules)}, build ${sizeOf(path.join(final.cwd, "build"))}`);
if (keep) log(`kept ${work}`);
else fs.rmSync(work, { recursive: true, force: true });
log("passed");
