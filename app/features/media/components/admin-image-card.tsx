import { Card } from "~/components/ui/card";
import { ItemActions } from "~/components/ui/item-actions";
import { cn } from "~/lib/cn";
import { MediaImage } from "./media-image";

interface AdminImageCardProps {
  /** The item's name: the card's heading and the accessible name of its edit and delete buttons. */
  title: string;
  /** What kind of item, for the delete confirmation: "product", "gallery item", "blog post". */
  thing: string;
  headingLevel: "h2" | "h3";
  /** No `src`: the card has no picture (an optional image left empty). */
  image: { src: string | null; alt: string; sizes: string; className: string };
  /** The picture beside the text from 640 px, for wide cards in a single column. */
  imageBeside?: boolean;
  /** The management page, for editing (`?edit=<id>`) and deleting without JavaScript. */
  page: string;
  id: number;
  onEdit: () => void;
  onDelete: () => void;
  busy: boolean;
  /** What the card says of the item below its heading. */
  children: React.ReactNode;
}

/** An item with a picture on a management screen (product, gallery style, blog post), with edit and delete. */
export function AdminImageCard({
  title,
  thing,
  headingLevel: Heading,
  image,
  imageBeside = false,
  page,
  id,
  onEdit,
  onDelete,
  busy,
  children,
}: AdminImageCardProps) {
  return (
    <Card className={cn("flex h-full flex-col overflow-hidden", imageBeside && "sm:flex-row")}>
      {image.src && (
        <MediaImage
          src={image.src}
          alt={image.alt}
          loading="lazy"
          sizes={image.sizes}
          className={cn("w-full object-cover", image.className)}
        />
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-2 p-4">
        <div className="flex items-start justify-between gap-2">
          <Heading className="text-lg font-semibold leading-tight">{title}</Heading>
          <ItemActions
            name={title}
            thing={thing}
            onEdit={onEdit}
            editHref={`${page}?edit=${id}`}
            onDelete={onDelete}
            deleteId={id}
            disabled={busy}
          />
        </div>
        {children}
      </div>
    </Card>
  );
}
