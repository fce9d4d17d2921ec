/*
 * Draws the demo shop's pictures (products, gallery, blog) and writes them as small WebP
 * files to server/seed/art, where the seed copies them from. The outputs are committed;
 * run again only to change the art:
 *
 *   npx tsx scripts/generate-demo-art.ts
 */
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { blogArt, galleryArt, productArt } from "../server/seed/artwork";
import { DEMO_ART_SIZES, demoArtKey, shippedRenditionWidths, type DemoArtKind } from "../server/seed/demo-art";
import { BLOG_POSTS, GALLERY_ITEMS, PRODUCTS } from "../server/seed/demo-content";

const WEBP = { quality: 74, effort: 6 } as const;

const pictures: { kind: DemoArtKind; title: string; svg: string }[] = [
  ...PRODUCTS.map((product) => ({
    kind: "product" as const,
    title: product.name,
    svg: productArt(product.shape, product.palette),
  })),
  ...GALLERY_ITEMS.map((item) => ({
    kind: "gallery" as const,
    title: item.title,
    svg: galleryArt(item.portrait, item.palette),
  })),
  ...BLOG_POSTS.map((post) => ({ kind: "blog" as const, title: post.title, svg: blogArt(post.motif, post.palette) })),
];

const outDir = path.resolve(import.meta.dirname, "../server/seed/art");
fs.rmSync(outDir, { recursive: true, force: true });
fs.mkdirSync(outDir, { recursive: true });
let total = 0;
for (const { kind, title, svg } of pictures) {
  const key = demoArtKey(kind, title);
  const pixels = await sharp(Buffer.from(svg)).png().toBuffer();
  const files = [
    { name: `${key}.webp`, data: await sharp(pixels).webp(WEBP).toBuffer() },
    ...(await Promise.all(
      shippedRenditionWidths(kind).map(async (width) => ({
        name: `${key}-${width}w.webp`,
        data: await sharp(pixels).resize({ width }).webp(WEBP).toBuffer(),
      })),
    )),
  ];
  for (const file of files) {
    fs.writeFileSync(path.join(outDir, file.name), file.data);
    total += file.data.length;
  }
  console.log(`${key} (${DEMO_ART_SIZES[kind].width}×${DEMO_ART_SIZES[kind].height})`);
}
console.log(`${pictures.length} pictures, ${(total / 1024).toFixed(0)} KB in ${path.relative(process.cwd(), outDir)}`);
