import { AlertTriangle, RotateCcw, Trash2 } from "lucide-react";
import { useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { ConfirmDelete, DeleteForm } from "~/components/ui/confirm-dialog";
import { EmptyState } from "~/components/ui/empty-state";
import { api } from "~/lib/api-client";
import { useAdminAction } from "~/lib/use-admin-action";
import type { Media } from "../media.schema";
import { MediaImage } from "./media-image";

/** The library's thumbnails, 2, 4 or 6 to a row, each with its file name and a delete that asks first. */
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
          <li key={item.id} className="overflow-hidden rounded-lg border border-border bg-card shadow-sm">
            <MediaImage
              src={item.url}
              alt={item.name}
              loading="lazy"
              sizes="(min-width: 1024px) 16vw, (min-width: 768px) 25vw, 50vw"
              className="aspect-square w-full object-cover"
            />
            <div className="flex items-center gap-1 border-t border-border py-1 pl-2 pr-1">
              <span className="min-w-0 flex-1 truncate text-xs font-medium" title={item.name}>
                {item.name}
              </span>
              <DeleteForm id={item.id}>
                <ConfirmDelete
                  thing="image"
                  name={item.name}
                  consequence={`“${item.name}” will be removed for good; pages that show it will show a placeholder instead.`}
                  onConfirm={() => remove(item)}
                  trigger={
                    <Button
                      type="submit"
                      variant="ghost"
                      size="icon"
                      className="size-8 shrink-0 text-destructive hover:bg-red-50"
                      aria-label={`Delete ${item.name}`}
                      title="Delete"
                      disabled={pending}
                    >
                      <Trash2 aria-hidden />
                    </Button>
                  }
                />
              </DeleteForm>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

const MEDIA_LOAD_FALLBACK = "An error occurred while loading the media library";

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
