import { DEMO_ART_SIZES } from "./demo-art";

/*
 * Demo pictures drawn as SVG in one style: a dark, warm backdrop with faint barber-pole
 * pinstripes, a brass lamp glow and one subject. Flat illustrations, not photographs, so
 * nobody mistakes them for the shop's real work, and never any lettering: the pages set
 * titles and categories. Each is drawn at the aspect ratio it is shown in. Rasterised once
 * by scripts/generate-demo-art.ts; the server only copies the shipped files.
 */

export interface Palette {
  from: string;
  to: string;
  accent: string;
}

/** Dark tints under one brass: the pictures vary without leaving the site's palette. */
export const PALETTES = {
  navy: { from: "#0d131d", to: "#1f2b3b", accent: "#d4a857" },
  charcoal: { from: "#121110", to: "#2b2824", accent: "#d4a857" },
  forest: { from: "#0d1713", to: "#1f3429", accent: "#d9b56a" },
  burgundy: { from: "#1a0c0f", to: "#3b1a21", accent: "#d4a857" },
  slate: { from: "#10161b", to: "#27333c", accent: "#cfa85e" },
  walnut: { from: "#171009", to: "#3a2a1b", accent: "#e0b868" },
} satisfies Record<string, Palette>;

/** Diagonal barber-pole stripes as one path: librsvg fills an SVG pattern far more slowly. */
function stripes(width: number, height: number) {
  const step = 60;
  const slant = height * 0.7;
  const parts: string[] = [];
  for (let x = -slant; x < width; x += step) parts.push(`M${x} ${height}L${x + slant} 0h22L${x + 22} ${height}Z`);
  return parts.join("");
}

function canvas(size: { width: number; height: number }, palette: Palette, body: string) {
  const { width, height } = size;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/>
    </linearGradient>
    <radialGradient id="glow" cx="0.5" cy="0.38" r="0.62">
      <stop offset="0" stop-color="${palette.accent}" stop-opacity="0.28"/><stop offset="1" stop-color="${palette.accent}" stop-opacity="0"/>
    </radialGradient>
    <radialGradient id="vignette" cx="0.5" cy="0.5" r="0.75">
      <stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.45"/>
    </radialGradient>
    <linearGradient id="sheen" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#000" stop-opacity="0.25"/><stop offset="0.35" stop-color="#fff" stop-opacity="0.22"/>
      <stop offset="0.6" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.3"/>
    </linearGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#bg)"/>
  <path d="${stripes(width, height)}" fill="${palette.accent}" fill-opacity="0.045"/>
  <rect width="${width}" height="${height}" fill="url(#glow)"/>
  ${body}
  <rect width="${width}" height="${height}" fill="url(#vignette)"/>
</svg>`;
}

// ------------------------------------------------------------------ products

export type ProductShape = "tin" | "jar" | "dropper" | "bottle" | "spray" | "brush";

function productBody(shape: ProductShape, palette: Palette) {
  /** A brass label with a pole-stripe emblem in place of lettering. */
  const label = (x: number, y: number, w: number, h: number) => `
    <rect x="${x}" y="${y}" width="${w}" height="${h}" rx="10" fill="${palette.accent}"/>
    <rect x="${x + 10}" y="${y + 10}" width="${w - 20}" height="${h - 20}" rx="6" fill="none" stroke="${palette.from}" stroke-opacity="0.6" stroke-width="3"/>
    <g fill="${palette.from}" fill-opacity="0.75">${[-1, 0, 1]
      .map((i) => `<path d="M${x + w / 2 + i * 26 - 18} ${y + h / 2 + 22}l22 -44h14l-22 44z"/>`)
      .join("")}</g>`;
  const shadow = (cx: number, w: number) =>
    `<ellipse cx="${cx}" cy="790" rx="${w}" ry="22" fill="#000" fill-opacity="0.35"/>`;
  switch (shape) {
    case "tin":
      return `${shadow(500, 260)}
        <rect x="250" y="560" width="500" height="220" rx="24" fill="#2b2b2b"/><rect x="250" y="560" width="500" height="220" rx="24" fill="url(#sheen)"/>
        <ellipse cx="500" cy="560" rx="250" ry="60" fill="#d9d9d9"/><ellipse cx="500" cy="552" rx="232" ry="50" fill="${palette.accent}"/>
        <ellipse cx="500" cy="552" rx="232" ry="50" fill="url(#sheen)"/>
        ${label(320, 620, 360, 110)}`;
    case "jar":
      return `${shadow(500, 220)}
        <rect x="290" y="380" width="420" height="400" rx="40" fill="#f5f1ea"/><rect x="290" y="380" width="420" height="400" rx="40" fill="url(#sheen)"/>
        <rect x="270" y="300" width="460" height="110" rx="22" fill="#1b1b1b"/><rect x="270" y="300" width="460" height="110" rx="22" fill="url(#sheen)"/>
        ${label(320, 500, 360, 150)}`;
    case "dropper":
      return `${shadow(500, 180)}
        <rect x="360" y="420" width="280" height="360" rx="46" fill="#7a3e12" fill-opacity="0.92"/><rect x="360" y="420" width="280" height="360" rx="46" fill="url(#sheen)"/>
        <rect x="440" y="350" width="120" height="90" rx="10" fill="#111"/>
        <rect x="465" y="220" width="70" height="140" rx="34" fill="#222"/><rect x="465" y="220" width="70" height="140" rx="34" fill="url(#sheen)"/>
        ${label(380, 540, 240, 150)}`;
    case "bottle":
      return `${shadow(500, 180)}
        <rect x="350" y="300" width="300" height="480" rx="60" fill="#ece6da"/><rect x="350" y="300" width="300" height="480" rx="60" fill="url(#sheen)"/>
        <rect x="430" y="200" width="140" height="120" rx="18" fill="${palette.from}"/><rect x="430" y="200" width="140" height="120" rx="18" fill="url(#sheen)"/>
        ${label(375, 460, 250, 170)}`;
    case "spray":
      return `${shadow(500, 170)}
        <rect x="370" y="330" width="260" height="450" rx="40" fill="#dfe9ec"/><rect x="370" y="330" width="260" height="450" rx="40" fill="url(#sheen)"/>
        <rect x="450" y="250" width="100" height="90" rx="10" fill="#111"/>
        <path d="M450 250 h130 a20 20 0 0 1 0 40 h-130z" fill="#222"/><circle cx="586" cy="270" r="6" fill="${palette.accent}"/>
        <g fill="#fff" fill-opacity="0.5"><circle cx="640" cy="250" r="6"/><circle cx="680" cy="236" r="5"/><circle cx="675" cy="275" r="4"/><circle cx="715" cy="256" r="4"/></g>
        ${label(390, 480, 220, 170)}`;
    case "brush":
      return `${shadow(500, 280)}
        <rect x="250" y="520" width="500" height="170" rx="85" fill="#8b5a2b"/><rect x="250" y="520" width="500" height="170" rx="85" fill="url(#sheen)"/>
        <g stroke="#2a1d12" stroke-width="10" stroke-linecap="round">${Array.from({ length: 13 }, (_, i) => `<line x1="${300 + i * 33}" y1="690" x2="${300 + i * 33}" y2="760"/>`).join("")}</g>
        <rect x="330" y="590" width="340" height="30" rx="15" fill="${palette.accent}" fill-opacity="0.85"/>`;
  }
}

/** Square, as the product cards show it: the item stands centred on a shelf of light. */
export const productArt = (shape: ProductShape, palette: Palette) =>
  canvas(
    DEMO_ART_SIZES.product,
    palette,
    `<g transform="scale(${DEMO_ART_SIZES.product.width / 1000}) translate(0 -20)">${productBody(shape, palette)}</g>`,
  );

// ------------------------------------------------------------------ gallery

export type HairStyle = "fade" | "crop" | "quiff" | "side-part" | "buzz" | "long" | "curls" | "man-bun";

export interface Portrait {
  style: HairStyle;
  beard?: "stubble" | "full" | "goatee";
  skin: string;
  hair: string;
  /** Children are drawn smaller. */
  child?: boolean;
}

function hairShape(style: HairStyle, hair: string) {
  switch (style) {
    case "fade":
      return `<linearGradient id="fade" x1="0" y1="0" x2="0" y2="1"><stop offset="0.35" stop-color="${hair}"/><stop offset="1" stop-color="${hair}" stop-opacity="0"/></linearGradient>
        <path d="M328 420 Q322 235 500 225 Q678 235 672 420 L650 470 Q640 330 500 318 Q360 330 350 470Z" fill="url(#fade)"/>
        <path d="M350 330 Q380 220 500 215 Q630 220 655 330 Q600 280 500 285 Q400 280 350 330Z" fill="${hair}"/>`;
    case "crop":
      return `<path d="M335 400 Q325 230 500 222 Q675 230 665 400 Q640 300 560 318 Q520 300 470 322 Q420 300 380 330 Q350 350 335 400Z" fill="${hair}"/>
        <path d="M380 330 Q470 352 560 318 Q520 350 430 360Z" fill="${hair}" fill-opacity="0.7"/>`;
    case "quiff":
      return `<path d="M335 420 Q330 290 420 250 Q470 150 620 190 Q700 230 665 420 Q650 320 600 300 Q520 290 450 300 Q380 310 335 420Z" fill="${hair}"/>
        <path d="M430 245 Q500 160 615 195" stroke="#fff" stroke-opacity="0.25" stroke-width="10" fill="none"/>`;
    case "side-part":
      return `<path d="M332 430 Q320 240 500 228 Q685 236 668 430 Q655 318 600 300 L430 300 Q370 310 332 430Z" fill="${hair}"/>
        <path d="M430 232 L425 300" stroke="#000" stroke-opacity="0.35" stroke-width="6"/>
        <path d="M430 300 Q520 250 640 290" stroke="#fff" stroke-opacity="0.2" stroke-width="8" fill="none"/>`;
    case "buzz":
      return `<path d="M332 410 Q325 235 500 228 Q675 235 668 410 Q650 300 500 290 Q350 300 332 410Z" fill="${hair}" fill-opacity="0.75"/>`;
    case "long":
      return `<path d="M300 700 Q280 420 330 300 Q400 205 500 210 Q620 205 675 300 Q725 420 700 700 L640 700 Q660 450 630 340 Q560 300 500 305 Q430 300 370 340 Q340 450 360 700Z" fill="${hair}"/>`;
    case "curls":
      return `<g fill="${hair}">${[
        [360, 330],
        [410, 270],
        [470, 245],
        [530, 245],
        [590, 270],
        [640, 330],
        [340, 390],
        [660, 390],
        [440, 300],
        [560, 300],
        [500, 280],
      ]
        .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="52"/>`)
        .join("")}</g>`;
    case "man-bun":
      return `<circle cx="500" cy="190" r="62" fill="${hair}"/>
        <path d="M332 420 Q325 240 500 232 Q675 240 668 420 Q650 300 500 292 Q350 300 332 420Z" fill="${hair}"/>
        <path d="M380 300 Q500 240 620 300" stroke="#fff" stroke-opacity="0.18" stroke-width="8" fill="none"/>`;
  }
}

function beardShape(beard: Portrait["beard"], hair: string) {
  switch (beard) {
    case "full":
      return `<path d="M345 440 Q350 640 500 680 Q650 640 655 440 Q640 560 590 575 Q500 540 410 575 Q360 560 345 440Z" fill="${hair}"/>
        <path d="M430 545 Q500 515 570 545 Q500 535 430 545Z" fill="${hair}"/>`;
    case "goatee":
      return `<path d="M455 560 Q500 540 545 560 L535 630 Q500 650 465 630Z" fill="${hair}"/><path d="M440 540 Q500 515 560 540" stroke="${hair}" stroke-width="14" fill="none"/>`;
    case "stubble":
      return `<path d="M345 440 Q350 630 500 665 Q650 630 655 440 Q640 600 500 625 Q360 600 345 440Z" fill="${hair}" fill-opacity="0.35"/>`;
    default:
      return "";
  }
}

function portraitBody({ style, beard, skin, hair, child }: Portrait, palette: Palette) {
  const figure = `
    <path d="M150 1300 L170 880 Q200 720 380 690 L620 690 Q800 720 830 880 L850 1300Z" fill="#ece7de"/>
    <path d="M150 1300 L170 880 Q200 720 380 690 L620 690 Q800 720 830 880 L850 1300Z" fill="url(#sheen)" fill-opacity="0.5"/>
    <path d="M392 694 Q500 740 608 694" fill="none" stroke="${palette.accent}" stroke-width="14" stroke-linecap="round"/>
    <rect x="440" y="560" width="120" height="150" rx="40" fill="${skin}"/>
    <ellipse cx="330" cy="445" rx="26" ry="48" fill="${skin}"/><ellipse cx="670" cy="445" rx="26" ry="48" fill="${skin}"/>
    <ellipse cx="500" cy="430" rx="170" ry="215" fill="${skin}"/>
    <ellipse cx="500" cy="430" rx="170" ry="215" fill="url(#sheen)" fill-opacity="0.35"/>
    <g fill="none" stroke-linecap="round">
      <path d="M425 390 Q450 376 478 386M522 386 Q550 376 575 390" stroke="${hair}" stroke-width="11"/>
      <path d="M500 442 Q490 482 502 494 Q511 498 518 491" stroke="#000" stroke-opacity="0.16" stroke-width="6"/>
      <path d="M464 548 Q500 565 536 548" stroke="#6e3326" stroke-opacity="0.65" stroke-width="7"/>
    </g>
    <ellipse cx="452" cy="428" rx="10" ry="12" fill="#24170f"/><ellipse cx="548" cy="428" rx="10" ry="12" fill="#24170f"/>
    ${beardShape(beard, hair)}
    ${hairShape(style, hair)}`;
  return child ? `<g transform="translate(110 200) scale(0.78)">${figure}</g>` : figure;
}

/** Portrait (4:5), as the gallery tiles crop it: head and caped shoulders fill the frame. */
export const galleryArt = (portrait: Portrait, palette: Palette) => {
  const { width } = DEMO_ART_SIZES.gallery;
  return canvas(
    DEMO_ART_SIZES.gallery,
    palette,
    `<g transform="translate(${width / 2} 40) scale(1.02) translate(-500 0)">${portraitBody(portrait, palette)}</g>`,
  );
};

// ------------------------------------------------------------------ blog

export type BlogMotif = "scissors" | "comb" | "razor" | "pole" | "oil" | "calendar";

function motifBody(motif: BlogMotif, palette: Palette) {
  const a = palette.accent;
  switch (motif) {
    case "scissors":
      return `<g transform="translate(600 300) rotate(-30)">
        <path d="M-20 0 L330 -30 L330 -8 Z" fill="#e6e6e6"/><path d="M-20 0 L330 30 L330 8 Z" fill="#bdbdbd"/>
        <circle cx="-90" cy="-60" r="62" fill="none" stroke="${a}" stroke-width="22"/><circle cx="-90" cy="60" r="62" fill="none" stroke="${a}" stroke-width="22"/>
        <circle cx="0" cy="0" r="14" fill="#333"/></g>`;
    case "comb":
      return `<g transform="translate(600 290) rotate(-12)">
        <rect x="-330" y="-70" width="660" height="70" rx="14" fill="${a}"/>
        <g fill="${a}">${Array.from({ length: 30 }, (_, i) => `<rect x="${-318 + i * 22}" y="-4" width="12" height="${i < 14 ? 120 : 90}" rx="5"/>`).join("")}</g></g>`;
    case "razor":
      return `<g transform="translate(600 300) rotate(-18)">
        <path d="M-300 -20 L80 -60 Q120 -60 120 -20 L120 20 L-300 20Z" fill="#dcdcdc"/><path d="M-300 12 L120 12 L120 20 L-300 20Z" fill="#9e9e9e"/>
        <rect x="110" y="-26" width="260" height="52" rx="26" fill="${a}"/><circle cx="125" cy="0" r="12" fill="#333"/></g>`;
    case "pole":
      return `<defs><clipPath id="pole"><rect x="540" y="110" width="120" height="380" rx="20"/></clipPath></defs>
        <rect x="520" y="80" width="160" height="36" rx="14" fill="${a}"/><rect x="520" y="484" width="160" height="36" rx="14" fill="${a}"/>
        <g clip-path="url(#pole)"><rect x="540" y="110" width="120" height="380" fill="#fff"/>
        ${Array.from({ length: 9 }, (_, i) => `<path d="M520 ${70 + i * 52} L700 ${10 + i * 52} L700 ${34 + i * 52} L520 ${94 + i * 52}Z" fill="${i % 2 ? "#1d4ed8" : "#c1121f"}"/>`).join("")}
        <rect x="540" y="110" width="120" height="380" fill="url(#sheen)"/></g>`;
    case "oil":
      return `<rect x="500" y="200" width="200" height="300" rx="40" fill="#7a3e12" fill-opacity="0.92"/><rect x="500" y="200" width="200" height="300" rx="40" fill="url(#sheen)"/>
        <rect x="560" y="140" width="80" height="70" rx="8" fill="#111"/><rect x="575" y="40" width="50" height="110" rx="25" fill="#222"/>
        <path d="M600 505 Q590 527 600 540 Q610 527 600 505Z" fill="${a}"/>`;
    case "calendar":
      return `<rect x="420" y="110" width="360" height="380" rx="24" fill="#fafafa"/><rect x="420" y="110" width="360" height="90" rx="24" fill="${a}"/>
        <rect x="420" y="170" width="360" height="30" fill="${a}"/>
        <g fill="#d4d4d4">${Array.from({ length: 12 }, (_, i) => `<rect x="${450 + (i % 4) * 80}" y="${230 + Math.floor(i / 4) * 80}" width="60" height="56" rx="8"/>`).join("")}</g>
        <rect x="610" y="310" width="60" height="56" rx="8" fill="#16a34a"/><path d="M622 338 l14 14 l24 -28" stroke="#fff" stroke-width="8" fill="none"/>`;
  }
}

/**
 * Wide (16:10, the blog cards; the post page crops it to 16:9): the tool sits in the
 * middle band so either crop keeps all of it.
 */
export const blogArt = (motif: BlogMotif, palette: Palette) => {
  const { width, height } = DEMO_ART_SIZES.blog;
  return canvas(
    DEMO_ART_SIZES.blog,
    palette,
    `<g transform="translate(${width / 2} ${height / 2}) scale(1.15) translate(-600 -290)">${motifBody(motif, palette)}</g>`,
  );
};
