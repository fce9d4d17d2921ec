/*
 * Every upload is stored as `<stem>.webp` (longest side at most MAIN_IMAGE_MAX_SIDE)
 * plus one `<stem>-<width>w.webp` per rendition width, so the names of the smaller
 * files follow from the main URL alone and pages need no extra data to build a srcset.
 */

export const MAIN_IMAGE_MAX_SIDE = 1600;
export const RENDITION_WIDTHS = [480, 960] as const;

const STORED_IMAGE = /^\/uploads\/[0-9a-f]+\.webp$/;

/** The name of a rendition, derived from the main file's name or URL. */
export const renditionName = (main: string, width: number) => main.replace(/\.webp$/, `-${width}w.webp`);

export interface ResponsiveImage {
  src: string;
  srcSet?: string;
  sizes?: string;
}

/** Props for an <img>: a srcset of the stored renditions for our own uploads, the plain URL for anything else. */
export function responsiveImage(url: string, sizes?: string): ResponsiveImage {
  if (!STORED_IMAGE.test(url)) return { src: url };
  const candidates = [
    ...RENDITION_WIDTHS.map((width) => `${renditionName(url, width)} ${width}w`),
    `${url} ${MAIN_IMAGE_MAX_SIDE}w`,
  ];
  return { src: url, srcSet: candidates.join(", "), ...(sizes ? { sizes } : {}) };
}
