import { Badge } from "~/components/ui/badge";
import { AdminImageCard } from "~/features/media";
import type { GalleryItem } from "../gallery.schema";

interface GalleryAdminItemCardProps {
  item: GalleryItem;
  onEdit: () => void;
  onDelete: () => void;
  busy: boolean;
}

export function GalleryAdminItemCard({ item, ...actions }: GalleryAdminItemCardProps) {
  return (
    <AdminImageCard
      thing="gallery item"
      title={item.title}
      headingLevel="h3"
      image={{
        src: item.image,
        alt: item.title,
        sizes: "(min-width: 1280px) 25vw, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw",
        className: "aspect-square",
      }}
      page="/admin/gallery"
      id={item.id}
      {...actions}
    >
      {item.description && <p className="line-clamp-2 text-sm text-muted-foreground">{item.description}</p>}
      <div className="mt-auto flex flex-wrap items-center gap-2 text-sm">
        <Badge variant="outline">{item.category}</Badge>
        {item.stylist && <span className="text-muted-foreground">by {item.stylist}</span>}
      </div>
    </AdminImageCard>
  );
}
