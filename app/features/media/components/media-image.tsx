import { useState } from "react";
import { cn } from "~/lib/cn";
import { responsiveImage } from "../media-urls";

/** Shown instead of an image that fails to load: a grey tile with a picture outline. */
const PLACEHOLDER_IMAGE =
  "data:image/svg+xml," +
  encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120"><rect width="120" height="120" fill="#f1ece4"/><g fill="none" stroke="#a8a29e" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"><rect x="30" y="34" width="60" height="52" rx="6"/><circle cx="48" cy="52" r="6"/><path d="m90 74-14-14-30 26"/></g></svg>`,
  );

interface MediaImageProps extends Omit<React.ComponentProps<"img">, "src" | "srcSet"> {
  src: string;
  alt: string;
}

/**
 * An image from the media library (or any URL) with its stored renditions, replaced by
 * the placeholder when it cannot be loaded — including a failure that happened before hydration.
 */
export function MediaImage({ src, alt, sizes, className, onError, ...props }: MediaImageProps) {
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null);
  const broken = brokenSrc === src;
  const image = broken ? { src: PLACEHOLDER_IMAGE } : responsiveImage(src, sizes);
  return (
    <img
      {...props}
      {...image}
      alt={alt}
      className={cn("bg-muted", className)}
      data-broken={broken || undefined}
      ref={(element) => {
        if (
          element &&
          !broken &&
          element.complete &&
          element.naturalWidth === 0 &&
          element.getAttribute("src") === src
        ) {
          setBrokenSrc(src);
        }
      }}
      onError={(event) => {
        if (!broken) setBrokenSrc(src);
        onError?.(event);
      }}
    />
  );
}
