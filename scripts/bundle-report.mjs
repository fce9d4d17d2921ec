#!/usr/bin/env node
// What each public page makes the browser download in JavaScript, read from the production build's route
// manifest (no server, no browser, no Lighthouse): the script files a page preloads (the entry, the root
// route and the page's route with everything they import), their raw size and their gzip size. Lighthouse's
// blocking time swings with the machine's load; these figures do not, so they are the measure to compare.
//   node scripts/bundle-report.mjs                  # the build in ./build (BUILD_DIR picks another)
//   node scripts/bundle-report.mjs --files          # also each page's files, largest first
//   node scripts/bundle-report.mjs --json           # machine-readable
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const root = path.resolve(import.meta.dirname, "..");
const clientDir = path.join(root, process.env.BUILD_DIR ?? "build", "client");
const args = new Set(process.argv.slice(2));

/** The pages of issue 29's Lighthouse aim first, then the other public pages, by route id. */
const PAGES = {
  "/": "routes/home",
  "/prices": "routes/prices",
  "/contact": "routes/contact",
  "/blog/:slug": "routes/blog-post",
  "/bookings": "routes/bookings",
  "/gallery": "routes/gallery",
  "/products": "routes/products",
  "/blog": "routes/blog",
  "/faq": "routes/faq",
  "/team": "routes/team",
  "/account": "routes/account",
  "/admin": "routes/admin/dashboard",
};

const assetsDir = path.join(clientDir, "assets");
const manifestFile = fs.existsSync(assetsDir)
  ? fs.readdirSync(assetsDir).find((name) => /^manifest-[\w-]+\.js$/.test(name))
  : undefined;
if (!manifestFile) {
  console.error(`No route manifest in ${assetsDir}: build first (node scripts/start.mjs --build-only).`);
  process.exit(1);
}
const source = fs.readFileSync(path.join(assetsDir, manifestFile), "utf8");
const manifest = JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1));

const sizes = new Map();
function sizeOf(url) {
  if (!sizes.has(url)) {
    const bytes = fs.readFileSync(path.join(clientDir, url));
    sizes.set(url, { raw: bytes.length, gzip: zlib.gzipSync(bytes, { level: 9 }).length });
  }
  return sizes.get(url);
}

/** The files React Router preloads for a page: the entry, then each matched route's module and imports. */
function scriptsOf(routeId) {
  const chain = [];
  for (let id = routeId; id; id = manifest.routes[id]?.parentId) chain.unshift(manifest.routes[id]);
  const files = [manifest.entry.module, ...manifest.entry.imports];
  for (const route of chain) files.push(route.module, ...(route.imports ?? []));
  return [...new Set(files)];
}

const kb = (bytes) => (bytes / 1024).toFixed(1);
const report = Object.entries(PAGES)
  .filter(([, routeId]) => manifest.routes[routeId])
  .map(([page, routeId]) => {
    const files = scriptsOf(routeId).map((url) => ({ url, ...sizeOf(url) }));
    return {
      page,
      scripts: files.length,
      raw: files.reduce((sum, file) => sum + file.raw, 0),
      gzip: files.reduce((sum, file) => sum + file.gzip, 0),
      files: files.sort((a, b) => b.raw - a.raw),
    };
  });

if (args.has("--json")) {
  console.log(JSON.stringify(report, null, 2));
} else {
  console.log(`${"page".padEnd(14)}${"scripts".padStart(8)}${"KB raw".padStart(10)}${"KB gzip".padStart(10)}`);
  for (const entry of report) {
    console.log(
      `${entry.page.padEnd(14)}${String(entry.scripts).padStart(8)}${kb(entry.raw).padStart(10)}${kb(entry.gzip).padStart(10)}`,
    );
    if (args.has("--files"))
      for (const file of entry.files)
        console.log(`    ${kb(file.raw).padStart(7)} ${kb(file.gzip).padStart(7)}  ${path.basename(file.url)}`);
  }
}
