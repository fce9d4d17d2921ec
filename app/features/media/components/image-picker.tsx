import { ImageIcon, Search } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
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
import { ACCEPTED_IMAGE_TYPES, type Media } from "../media.schema";
import { RejectedFilesCard, UploadImagesButton, useMediaUpload } from "./media-admin-upload";
import { MediaImage } from "./media-image";

interface ImagePickerProps {
  /**
   * The form field that posts the chosen address; without JavaScript the form can send a file as
   * `<name>Upload` instead (its action stores it). None: the form posts the address itself.
   */
  name?: string;
  value: string | null | undefined;
  onChange: (url: string) => void;
  /** From FormField, so the label names the button and the error describes it. */
  id?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}

type Library = { state: "loading" } | { state: "ready"; media: Media[] } | { state: "failed"; message: string };

/** The last part of an address, for an image that is not (or no longer) in the library. */
const fileNameOf = (url: string) => decodeURIComponent(url.split(/[?#]/)[0]!.split("/").pop() || url);

/**
 * Picks an image for an admin form: a button showing the chosen image's thumbnail and file
 * name, and a dialog to choose another from the media library or upload one, which is then chosen.
 */
export function ImagePicker({ name, value, onChange, ...field }: ImagePickerProps) {
  // Named by its label and its own text: "Image Choose Image", "Image Chosen image: front.png Change image".
  const labelledBy = field.id ? `${fieldLabelId(field.id)} ${field.id}` : undefined;
  const [open, setOpen] = useState(false);
  const [library, setLibrary] = useState<Library>({ state: "loading" });
  const [query, setQuery] = useState("");
  const { upload, progress, rejected, dismissRejected } = useMediaUpload();

  const loadLibrary = useCallback(() => {
    api<Media[]>("GET", "/api/media").then(
      (media) => setLibrary({ state: "ready", media }),
      (error: unknown) =>
        setLibrary({ state: "failed", message: error instanceof Error ? error.message : String(error) }),
    );
  }, []);
  // Loaded with the form, so the chosen image is named by its file name rather than its address.
  useEffect(loadLibrary, [loadLibrary]);

  // Loaded again on every opening, so images uploaded meanwhile (in another tab, say) are there.
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) return;
    setQuery("");
    dismissRejected();
    setLibrary({ state: "loading" });
    loadLibrary();
  };

  const choose = (url: string) => {
    onChange(url);
    setOpen(false);
  };

  const uploadAndChoose = async (files: File[]) => {
    const [stored] = await upload(files);
    if (!stored) return;
    setLibrary((current) => ({ state: "ready", media: [stored, ...(current.state === "ready" ? current.media : [])] }));
    choose(stored.url);
  };

  const chosenName = value
    ? library.state === "ready"
      ? (library.media.find((item) => item.url === value)?.name ?? fileNameOf(value))
      : library.state === "failed"
        ? fileNameOf(value)
        : null
    : null;

  const needle = query.trim().toLowerCase();
  const shown =
    library.state === "ready"
      ? library.media.filter(
          (item) => !needle || item.name.toLowerCase().includes(needle) || item.filename.toLowerCase().includes(needle),
        )
      : [];

  return (
    <>
      {name && (
        <>
          <input type="hidden" name={name} value={value ?? ""} />
          {/* Without JavaScript the library dialog cannot open: the form sends a file, stored as an upload is. */}
          <noscript>
            <label className="grid gap-1 text-sm">
              Upload an image
              <input type="file" name={`${name}Upload`} accept={ACCEPTED_IMAGE_TYPES} />
            </label>
          </noscript>
        </>
      )}
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
                  <span className="max-w-[16rem] truncate text-sm font-medium">
                    <span className="sr-only">Chosen image: </span>
                    {chosenName ?? <span className="text-muted-foreground">…</span>}
                  </span>
                  <span className="text-xs font-normal text-muted-foreground">Change image</span>
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
            <DialogDescription>
              Pick one of the images in the media library, or upload a new one to use it here.
            </DialogDescription>
          </DialogHeader>
          <RejectedFilesCard rejected={rejected} onDismiss={dismissRejected} />
          <div className="flex flex-wrap items-start gap-3">
            <div className="relative min-w-48 flex-1">
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
            <UploadImagesButton multiple={false} progress={progress} onFiles={uploadAndChoose} />
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
                    The media library is empty: upload an image here, or manage all of them in the{" "}
                    <Link to="/admin/media" className="font-semibold text-accent-text underline">
                      Media Library
                    </Link>
                    .
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
    </>
  );
}
