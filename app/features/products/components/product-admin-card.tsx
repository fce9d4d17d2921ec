import { Card } from "~/components/ui/card";
import { ItemActions } from "~/components/ui/item-actions";
import { MediaImage } from "~/features/media/components/media-image";
import { formatPounds } from "~/lib/money";
import type { Product } from "../products.schema";

interface ProductAdminCardProps {
  product: Product;
  onEdit: () => void;
  onDelete: () => void;
  busy: boolean;
}

export function ProductAdminCard({ product, onEdit, onDelete, busy }: ProductAdminCardProps) {
  return (
    <Card className="flex h-full flex-col overflow-hidden">
      <MediaImage
        src={product.image}
        alt={product.name}
        loading="lazy"
        sizes="(min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw"
        className="aspect-[4/3] w-full object-cover"
      />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-start justify-between gap-2">
          <h2 className="text-lg font-semibold leading-tight">{product.name}</h2>
          <ItemActions name={product.name} onEdit={onEdit} onDelete={onDelete} disabled={busy} />
        </div>
        <p className="line-clamp-2 text-sm text-muted-foreground">{product.description}</p>
        <p className="mt-auto text-lg font-bold text-accent-text">{formatPounds(product.price)}</p>
      </div>
    </Card>
  );
}
