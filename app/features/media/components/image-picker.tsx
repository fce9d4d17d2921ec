import { ImageIcon, Search } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";
import { fieldLabelId } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { ScrollArea } from "~/components/ui/scroll-area";
import { Spinner } from "~/components/ui/spinner";
import { api } from "~/lib/api-client";
import { cn } from "~/lib/cn";
import type { Media } from "../media.schema";
import { MediaImage } from "./media-image";

interface ImagePickerProps {
  value: string | null | undefined;
  onChange: (url: string) => void;
  /** From FormField, so the label names the button and the error describes it. */
  id?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}

type Library = { state: "loading" } | { state: "ready"; media: Media[] } | { state: "failed"; message: string };

/** Picks an image from the media library for an admin form: a button showing the choice, a dialog to change it. */
export function ImagePicker({ value, onChange, ...field }: ImagePickerProps) {
  // Named by its label and its own text: "Image Choose Image", "Image Chosen image. Change image".
  const labelledBy = field.id ? `${fieldLabelId(field.id)} ${field.id}` : undefined;
  const [open, setOpen] = useState(false);
  const [library, setLibrary] = useState<Library>({ state: "loading" });
  const [query, setQuery] = useState("");

  // Loaded on every opening, so images uploaded meanwhile (in another tab, say) are there.
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) return;
    setQuery("");
    setLibrary({ state: "loading" });
    api<Media[]>("GET", "/api/media").then(
      (media) => setLibrary({ state: "ready", media }),
      (error: unknown) =>
        setLibrary({ state: "failed", message: error instanceof Error ? error.message : String(error) }),
    );
  };

  const choose = (url: string) => {
    onChange(url);
    setOpen(false);
  };

  const needle = query.trim().toLowerCase();
  const shown =
    library.state === "ready"
      ? library.media.filter(
          (item) => !needle || item.name.toLowerCase().includes(needle) || item.filename.toLowerCase().includes(needle),
        )
      : [];

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button
          type="button"
          variant="outline"
          {...field}
          aria-labelledby={labelledBy}
          className={cn(
            "h-auto justify-start gap-3 p-2 text-left aria-invalid:border-destructive",
            !value && "h-24 justify-center",
          )}
        >
          {value ? (
            <>
              <MediaImage src={value} alt="" sizes="96px" className="size-20 rounded object-cover" />
              <span className="grid gap-0.5">
                <span className="sr-only">Chosen image.</span>
                <span>Change image</span>
                <span className="max-w-[16rem] truncate text-xs font-normal text-muted-foreground">{value}</span>
              </span>
            </>
          ) : (
            <>
              <ImageIcon aria-hidden />
              Choose Image
            </>
          )}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>Choose an Image</DialogTitle>
          <DialogDescription>Pick one of the images in the media library.</DialogDescription>
        </DialogHeader>
        <div className="relative">
          <Search
            aria-hidden
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            type="search"
            aria-label="Search images by file name"
            placeholder="Search images..."
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            className="pl-9"
          />
        </div>
        <ScrollArea className="h-[60vh] rounded-md border border-border">
          {library.state === "loading" && (
            <div className="grid h-40 place-items-center">
              <Spinner label="Loading images" />
            </div>
          )}
          {library.state === "failed" && (
            <p role="alert" className="p-6 text-center text-destructive">
              {library.message}
            </p>
          )}
          {library.state === "ready" && shown.length === 0 && (
            <p className="p-6 text-center text-muted-foreground">
              {library.media.length === 0 ? (
                <>
                  The media library is empty.{" "}
                  <Link to="/admin/media" className="font-semibold text-accent-text underline">
                    Upload images
                  </Link>{" "}
                  first.
                </>
              ) : (
                `No images match “${query.trim()}”.`
              )}
            </p>
          )}
          {shown.length > 0 && (
            <ul className="grid grid-cols-3 gap-2 p-2">
              {shown.map((item) => (
                <li key={item.id}>
                  <button
                    type="button"
                    onClick={() => choose(item.url)}
                    aria-pressed={item.url === value}
                    title={item.name}
                    className="group block w-full overflow-hidden rounded-md border-2 border-transparent text-left focus-visible:border-ring aria-pressed:border-accent"
                  >
                    <MediaImage
                      src={item.url}
                      alt=""
                      sizes="(min-width: 768px) 240px, 33vw"
                      loading="lazy"
                      className="aspect-square w-full object-cover transition-transform group-hover:scale-105 motion-reduce:transition-none"
                    />
                    <span className="block truncate px-1 py-0.5 text-xs text-muted-foreground">{item.name}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </ScrollArea>
      </DialogContent>
    </Dialog>
  );
}
