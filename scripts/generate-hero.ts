/*
 * Renders the home page's hero artwork once: a dark barber shop after hours,
 * one warm lamp over an empty chair, a brass-framed mirror and a barber's pole.
 * Drawn as SVG (no photo rights to worry about) and written as WebP renditions
 * for the hero's srcset. The outputs are committed; run again only to change the art:
 *
 *   npx tsx scripts/generate-hero.ts
 */
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";

const WIDTHS = [640, 1280, 1920] as const;
/** The 1280 rendition is what most phones and laptops fetch; keep it light. */
const BUDGET_1280_BYTES = 60 * 1024;
const outDir = path.resolve(import.meta.dirname, "../public/images");

const W = 1920;
const H = 1080;

const brass = "#d4a857";
const cream = "#f5f0e8";

/** The pole's spiral stripes, clipped to its glass. */
const poleStripes = Array.from({ length: 14 }, (_, i) => {
  const y = 240 + i * 44;
  return `<path d="M1740 ${y} L1800 ${y - 40} L1800 ${y - 18} L1740 ${y + 22} Z" fill="${i % 2 ? "#8a5f1c" : brass}" />`;
}).join("");

/** Bottles on the shelf under the mirror, alternating heights. */
const bottles = [1150, 1185, 1212, 1505, 1532, 1560]
  .map((x, i) => {
    const h = [46, 62, 38, 54, 40, 66][i] ?? 50;
    return `<rect x="${x}" y="${648 - h}" width="20" height="${h}" rx="5" fill="url(#bottle)" />
      <rect x="${x + 6}" y="${640 - h}" width="8" height="10" rx="2" fill="#2a211b" />`;
  })
  .join("");

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs>
    <linearGradient id="wall" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#1f1915" />
      <stop offset="0.75" stop-color="#15110e" />
      <stop offset="1" stop-color="#0c0a08" />
    </linearGradient>
    <radialGradient id="lamp" cx="1350" cy="150" r="900" gradientUnits="userSpaceOnUse">
      <stop offset="0" stop-color="${brass}" stop-opacity="0.55" />
      <stop offset="0.35" stop-color="${brass}" stop-opacity="0.16" />
      <stop offset="1" stop-color="${brass}" stop-opacity="0" />
    </radialGradient>
    <linearGradient id="cone" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#ffe2a6" stop-opacity="0.22" />
      <stop offset="1" stop-color="#ffe2a6" stop-opacity="0" />
    </linearGradient>
    <linearGradient id="mirror" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#2b241e" />
      <stop offset="0.5" stop-color="#1a1511" />
      <stop offset="1" stop-color="#120f0c" />
    </linearGradient>
    <linearGradient id="sheen" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${cream}" stop-opacity="0" />
      <stop offset="0.5" stop-color="${cream}" stop-opacity="0.07" />
      <stop offset="1" stop-color="${cream}" stop-opacity="0" />
    </linearGradient>
    <linearGradient id="leather" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#3a2a1f" />
      <stop offset="0.25" stop-color="#1c1410" />
      <stop offset="1" stop-color="#0b0807" />
    </linearGradient>
    <linearGradient id="chrome" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#3b342e" />
      <stop offset="0.45" stop-color="#a48a5f" />
      <stop offset="1" stop-color="#2a2420" />
    </linearGradient>
    <linearGradient id="bottle" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#4a3422" />
      <stop offset="0.5" stop-color="#8a5f1c" />
      <stop offset="1" stop-color="#3a2819" />
    </linearGradient>
    <linearGradient id="floor" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#14100d" />
      <stop offset="1" stop-color="#080605" />
    </linearGradient>
    <radialGradient id="pool" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="${brass}" stop-opacity="0.28" />
      <stop offset="1" stop-color="${brass}" stop-opacity="0" />
    </radialGradient>
    <radialGradient id="vignette" cx="1250" cy="480" r="1250" gradientUnits="userSpaceOnUse">
      <stop offset="0.45" stop-color="#000" stop-opacity="0" />
      <stop offset="1" stop-color="#000" stop-opacity="0.75" />
    </radialGradient>
    <clipPath id="pole"><rect x="1740" y="230" width="60" height="560" rx="30" /></clipPath>
    <pattern id="panels" width="160" height="${H}" patternUnits="userSpaceOnUse">
      <rect x="0" y="0" width="2" height="${H}" fill="#000" fill-opacity="0.35" />
      <rect x="2" y="0" width="1" height="${H}" fill="${cream}" fill-opacity="0.025" />
    </pattern>
    <filter id="soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="18" /></filter>
  </defs>

  <rect width="${W}" height="${H}" fill="url(#wall)" />
  <rect width="${W}" height="820" fill="url(#panels)" />
  <rect y="560" width="${W}" height="8" fill="#000" fill-opacity="0.35" />
  <rect width="${W}" height="${H}" fill="url(#lamp)" />

  <!-- floor and the pool of light under the chair -->
  <rect y="820" width="${W}" height="${H - 820}" fill="url(#floor)" />
  <rect y="818" width="${W}" height="3" fill="${brass}" fill-opacity="0.12" />
  <ellipse cx="1350" cy="915" rx="470" ry="70" fill="url(#pool)" />

  <!-- mirror: arched, brass framed -->
  <path d="M1130 660 V330 A220 220 0 0 1 1570 330 V660 Z" fill="url(#mirror)" stroke="${brass}" stroke-width="10" />
  <path d="M1150 640 V332 A200 200 0 0 1 1550 332 V640 Z" fill="none" stroke="${brass}" stroke-opacity="0.35" stroke-width="2" />
  <path d="M1180 640 L1420 160 L1500 190 L1270 640 Z" fill="url(#sheen)" />
  <rect x="1100" y="648" width="500" height="14" rx="3" fill="#3b2c20" stroke="${brass}" stroke-opacity="0.5" />
  ${bottles}

  <!-- light cone from the lamp -->
  <path d="M1290 140 L1410 140 L1640 900 L1060 900 Z" fill="url(#cone)" />

  <!-- pendant lamp -->
  <rect x="1348" y="0" width="4" height="92" fill="#2a231d" />
  <circle cx="1350" cy="150" r="60" fill="#ffd98a" fill-opacity="0.55" filter="url(#soft)" />
  <path d="M1302 92 H1398 L1436 142 H1264 Z" fill="#2a221b" stroke="${brass}" stroke-width="3" />
  <ellipse cx="1350" cy="144" rx="30" ry="9" fill="#fff1cf" />

  <!-- barber chair -->
  <g>
    <ellipse cx="1350" cy="905" rx="150" ry="22" fill="url(#chrome)" />
    <rect x="1332" y="775" width="36" height="130" fill="url(#chrome)" />
    <path d="M1250 868 L1450 868 L1470 884 L1232 884 Z" fill="url(#chrome)" />
    <rect x="1290" y="800" width="14" height="70" fill="#2b241f" />
    <rect x="1396" y="800" width="14" height="70" fill="#2b241f" />
    <rect x="1298" y="382" width="104" height="58" rx="22" fill="url(#leather)" stroke="${brass}" stroke-opacity="0.55" stroke-width="2" />
    <rect x="1343" y="438" width="14" height="22" fill="url(#chrome)" />
    <rect x="1222" y="452" width="256" height="282" rx="46" fill="url(#leather)" stroke="${brass}" stroke-opacity="0.5" stroke-width="2.5" />
    <path d="M1262 480 V700 M1306 470 V708 M1350 466 V710 M1394 470 V708 M1438 480 V700" stroke="#000" stroke-opacity="0.35" stroke-width="3" />
    <rect x="1188" y="700" width="324" height="82" rx="26" fill="url(#leather)" stroke="${brass}" stroke-opacity="0.45" stroke-width="2.5" />
    <rect x="1160" y="636" width="88" height="26" rx="13" fill="url(#leather)" stroke="${brass}" stroke-opacity="0.6" stroke-width="2" />
    <rect x="1452" y="636" width="88" height="26" rx="13" fill="url(#leather)" stroke="${brass}" stroke-opacity="0.6" stroke-width="2" />
    <rect x="1190" y="660" width="14" height="60" fill="url(#chrome)" />
    <rect x="1496" y="660" width="14" height="60" fill="url(#chrome)" />
  </g>

  <!-- barber's pole -->
  <rect x="1732" y="200" width="76" height="34" rx="10" fill="#2a221b" stroke="${brass}" stroke-width="3" />
  <rect x="1740" y="230" width="60" height="560" rx="30" fill="${cream}" fill-opacity="0.9" />
  <g clip-path="url(#pole)">${poleStripes}
    <rect x="1748" y="230" width="10" height="560" fill="#fff" fill-opacity="0.25" />
    <rect x="1782" y="230" width="18" height="560" fill="#000" fill-opacity="0.3" />
  </g>
  <rect x="1732" y="786" width="76" height="34" rx="10" fill="#2a221b" stroke="${brass}" stroke-width="3" />
  <circle cx="1770" cy="186" r="18" fill="${brass}" />

  <!-- scissors motif on the wall, far left, barely lit -->
  <g transform="translate(520 300) rotate(-30)" fill="none" stroke="${brass}" stroke-opacity="0.14" stroke-width="6">
    <circle cx="0" cy="0" r="34" />
    <circle cx="0" cy="110" r="34" />
    <path d="M30 20 L300 128 M30 90 L300 -18" stroke-linecap="round" />
    <circle cx="122" cy="55" r="6" fill="${brass}" fill-opacity="0.14" stroke="none" />
  </g>

  <rect width="${W}" height="${H}" fill="url(#vignette)" />
</svg>`;

fs.mkdirSync(outDir, { recursive: true });
const master = sharp(Buffer.from(svg), { density: 96 });
for (const width of WIDTHS) {
  const file = path.join(outDir, `hero-${width}.webp`);
  await master
    .clone()
    .resize({ width })
    .webp({ quality: width >= 1280 ? 68 : 72, effort: 6, smartSubsample: true })
    .toFile(file);
  const bytes = fs.statSync(file).size;
  console.log(`${path.relative(process.cwd(), file)}: ${(bytes / 1024).toFixed(1)} KB`);
  if (width === 1280 && bytes > BUDGET_1280_BYTES) {
    console.error(`hero-1280.webp is over its ${BUDGET_1280_BYTES / 1024} KB budget`);
    process.exitCode = 1;
  }
}
