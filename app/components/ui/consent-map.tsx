import { MapPin } from "lucide-react";
import { useState } from "react";
import { cn } from "~/lib/cn";
import { Button } from "./button";

/** An embeddable Google map of an address (the CSP's frame-src allows www.google.com). */
export const mapEmbedUrl = (query: string, zoom = 15) =>
  `https://www.google.com/maps?q=${encodeURIComponent(query)}&z=${zoom}&output=embed`;

/**
 * A map that contacts Google only when the visitor asks for it: until then a
 * drawn placeholder with a "Show map" button, so no third party learns of the
 * visit (and sets no cookies) before consent.
 */
export function ConsentMap({ src, label, className }: { src: string; label: string; className?: string }) {
  const [shown, setShown] = useState(false);
  return (
    <div
      className={cn(
        "relative aspect-[4/3] overflow-hidden rounded-[var(--radius-card)] border border-border bg-muted sm:aspect-[16/10]",
        className,
      )}
    >
      {shown ? (
        <iframe
          src={src}
          title={`Map: ${label}`}
          className="absolute inset-0 size-full border-0"
          loading="lazy"
          referrerPolicy="no-referrer-when-downgrade"
          allowFullScreen
        />
      ) : (
        <div className="map-placeholder absolute inset-0 flex flex-col items-center justify-center gap-3 p-6 text-center">
          <span className="grid size-12 place-items-center rounded-full bg-ink text-brass shadow-md">
            <MapPin aria-hidden className="size-6" />
          </span>
          <p className="max-w-xs font-medium">{label}</p>
          <Button type="button" onClick={() => setShown(true)}>
            Show map
          </Button>
          <p className="max-w-xs text-xs text-muted-foreground">
            Showing the map loads it from Google Maps, which may set cookies.
          </p>
        </div>
      )}
    </div>
  );
}
