import { AdminImageCard } from "~/features/media";
import { formatPounds } from "~/lib/money";
import { LOW_STOCK, type Product } from "../products.schema";

interface ProductAdminCardProps {
  product: Product;
  onEdit: () => void;
  onDelete: () => void;
  busy: boolean;
}

export function ProductAdminCard({ product, ...actions }: ProductAdminCardProps) {
  return (
    <AdminImageCard
      thing="product"
      title={product.name}
      headingLevel="h2"
      image={{
        src: product.image,
        alt: product.name,
        sizes: "(min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw",
        className: "aspect-[4/3]",
      }}
      page="/admin/products"
      id={product.id}
      {...actions}
    >
      <p className="line-clamp-2 text-sm text-muted-foreground">{product.description}</p>
      <p className="mt-auto text-lg font-bold text-accent-text">{formatPounds(product.price)}</p>
      {product.stock !== null && (
        <p className={product.stock <= LOW_STOCK ? "font-semibold text-destructive" : "text-sm"}>
          {product.stock <= LOW_STOCK ? `Low stock: ${product.stock} left` : `${product.stock} in stock`}
        </p>
      )}
    </AdminImageCard>
  );
}
