import { AlertTriangle, RotateCcw, Trash2 } from "lucide-react";
import { useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { EmptyState } from "~/components/ui/empty-state";
import { api } from "~/lib/api-client";
import { useAdminAction } from "~/lib/use-admin-action";
import type { Media } from "../media.schema";
import { MediaImage } from "./media-image";

/** The library's thumbnails, 2, 4 or 6 to a row; name and delete appear on hover and on keyboard focus. */
export function MediaGrid({ media }: { media: Media[] }) {
  const { run, pending } = useAdminAction();
  if (media.length === 0) return <EmptyState>No images yet. Use Upload Images to add some.</EmptyState>;

  const remove = (item: Media) =>
    run(() => api("DELETE", `/api/media/${item.id}`), { success: { title: "File deleted" } });

  return (
    <>
      <p className="mb-3 text-sm text-muted-foreground">{media.length === 1 ? "1 image" : `${media.length} images`}</p>
      <ul className="grid grid-cols-2 gap-3 md:grid-cols-4 lg:grid-cols-6">
        {media.map((item) => (
          <li
            key={item.id}
            className="group relative overflow-hidden rounded-lg border border-border bg-card shadow-sm"
          >
            <MediaImage
              src={item.url}
              alt={item.name}
              loading="lazy"
              sizes="(min-width: 1024px) 16vw, (min-width: 768px) 25vw, 50vw"
              className="aspect-square w-full object-cover"
            />
            <div className="absolute inset-x-0 bottom-0 flex items-end gap-2 bg-gradient-to-t from-black/85 via-black/60 to-transparent p-2 pt-8 text-white opacity-0 transition-opacity group-focus-within:opacity-100 group-hover:opacity-100 motion-reduce:transition-none pointer-coarse:opacity-100">
              <span className="min-w-0 flex-1 truncate text-xs font-medium" title={item.name}>
                {item.name}
              </span>
              <Button
                type="button"
                variant="destructive"
                size="icon"
                className="size-8 shrink-0"
                aria-label={`Delete ${item.name}`}
                disabled={pending}
                onClick={() => remove(item)}
              >
                <Trash2 aria-hidden />
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

export const MEDIA_LOAD_FALLBACK = "An error occurred while loading the media library";

/** Shown instead of the grid when the library could not be read. */
export function MediaLoadError({ message }: { message: string | null }) {
  const { revalidate, state } = useRevalidator();
  return (
    <Card role="alert" className="border-destructive/40">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-destructive">
          <AlertTriangle aria-hidden className="size-5" />
          Error Loading Media Library
        </CardTitle>
        <CardDescription>{message || MEDIA_LOAD_FALLBACK}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button type="button" variant="outline" onClick={() => revalidate()} disabled={state === "loading"}>
          <RotateCcw aria-hidden />
          Try again
        </Button>
      </CardContent>
    </Card>
  );
}
