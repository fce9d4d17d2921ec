import { ChevronLeft, ChevronRight } from "lucide-react";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { responsiveImage } from "~/features/media";
import type { GalleryItem } from "../gallery.schema";

const TILE_SIZES = "(min-width: 1280px) 296px, (min-width: 1024px) 30vw, 50vw";
const LARGE_SIZES = "(min-width: 1024px) 896px, 100vw";
const EAGER_IMAGES = 2;

/**
 * The style grid. Each tile is a link to the full image (so it works without
 * JavaScript) that opens a larger view in a dialog once the page is interactive.
 * Title and category sit over the photo: shown on hover and on keyboard focus,
 * and always on touch screens, which have no hover.
 */
export function GalleryGrid({ items }: { items: readonly GalleryItem[] }) {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const current = openIndex === null ? null : items[openIndex];
  const step = (delta: number) =>
    setOpenIndex((index) => (index === null ? null : (index + delta + items.length) % items.length));

  return (
    <>
      <ul className="grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-3 xl:grid-cols-4" aria-label="Styles">
        {items.map((item, index) => (
          <li key={item.id}>
            <a
              href={item.image}
              className="group relative block aspect-[4/5] overflow-hidden rounded-[var(--radius-card)] bg-muted shadow-sm"
              onClick={(event) => {
                event.preventDefault();
                setOpenIndex(index);
              }}
              aria-label={`${item.title}, ${item.category}: view larger`}
            >
              <img
                {...responsiveImage(item.image, TILE_SIZES)}
                alt={item.title}
                width={480}
                height={600}
                loading={index < EAGER_IMAGES ? "eager" : "lazy"}
                decoding="async"
                className="size-full object-cover transition-transform duration-500 group-hover:scale-105 group-focus-visible:scale-105 motion-reduce:transition-none motion-reduce:group-hover:scale-100"
              />
              <span
                aria-hidden
                className="absolute inset-x-0 bottom-0 flex flex-col gap-1 bg-gradient-to-t from-ink/95 via-ink/70 to-transparent p-3 pt-12 text-ink-foreground opacity-0 transition-opacity duration-300 group-hover:opacity-100 group-focus-visible:opacity-100 motion-reduce:transition-none sm:p-4 sm:pt-14 [@media(hover:none)]:opacity-100"
              >
                <span className="font-display text-base font-semibold uppercase leading-tight tracking-wide sm:text-lg">
                  {item.title}
                </span>
                <span className="text-xs font-medium uppercase tracking-widest text-brass">{item.category}</span>
              </span>
            </a>
          </li>
        ))}
      </ul>

      <Dialog open={current != null} onOpenChange={(open) => !open && setOpenIndex(null)}>
        {current && (
          <DialogContent
            className="max-w-4xl gap-0 overflow-hidden p-0"
            onKeyDown={(event) => {
              if (event.key === "ArrowRight") step(1);
              if (event.key === "ArrowLeft") step(-1);
            }}
          >
            <div className="grid gap-1 p-5 pr-12 sm:px-6">
              <p className="text-xs font-semibold uppercase tracking-widest text-accent-text">{current.category}</p>
              <DialogTitle className="uppercase">{current.title}</DialogTitle>
            </div>
            <div className="bg-ink">
              <img
                {...responsiveImage(current.image, LARGE_SIZES)}
                alt={current.title}
                width={1200}
                height={1500}
                className="mx-auto max-h-[60dvh] w-auto object-contain"
              />
            </div>
            <div className="grid gap-2 p-5 sm:p-6">
              <DialogDescription className={current.description ? undefined : "sr-only"}>
                {current.description || `${current.title}, a ${current.category} style.`}
              </DialogDescription>
              {current.stylist && <p className="text-sm">Styled by {current.stylist}</p>}
              {items.length > 1 && (
                <div className="mt-2 flex justify-between gap-2">
                  <Button variant="outline" onClick={() => step(-1)}>
                    <ChevronLeft aria-hidden />
                    Previous
                  </Button>
                  <Button variant="outline" onClick={() => step(1)}>
                    Next
                    <ChevronRight aria-hidden />
                  </Button>
                </div>
              )}
            </div>
          </DialogContent>
        )}
      </Dialog>
    </>
  );
}
