import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { ItemActions } from "~/components/ui/item-actions";
import { MediaImage } from "~/features/media/components/media-image";
import type { GalleryItem } from "../gallery.schema";

interface GalleryAdminItemCardProps {
  item: GalleryItem;
  onEdit: () => void;
  onDelete: () => void;
  busy: boolean;
}

export function GalleryAdminItemCard({ item, onEdit, onDelete, busy }: GalleryAdminItemCardProps) {
  return (
    <Card className="flex h-full flex-col overflow-hidden">
      <MediaImage
        src={item.image}
        alt={item.title}
        loading="lazy"
        sizes="(min-width: 1280px) 25vw, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
        className="aspect-square w-full object-cover"
      />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-start justify-between gap-2">
          <h3 className="text-lg font-semibold leading-tight">{item.title}</h3>
          <ItemActions name={item.title} onEdit={onEdit} onDelete={onDelete} disabled={busy} />
        </div>
        {item.description && <p className="line-clamp-2 text-sm text-muted-foreground">{item.description}</p>}
        <div className="mt-auto flex flex-wrap items-center gap-2 text-sm">
          <Badge variant="outline">{item.category}</Badge>
          {item.stylist && <span className="text-muted-foreground">by {item.stylist}</span>}
        </div>
      </div>
    </Card>
  );
}
