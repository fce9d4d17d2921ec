import { responsiveImage } from "~/features/media";
import { formatPounds } from "~/lib/money";
import type { Product } from "../products.schema";

const CARD_SIZES = "(min-width: 1280px) 296px, (min-width: 1024px) 30vw, (min-width: 640px) 50vw, 100vw";

/** A product as the shop page shows it: square photo, name, price and description. */
export function ProductCard({ product, eager = false }: { product: Product; eager?: boolean }) {
  return (
    <article className="group flex h-full flex-col overflow-hidden rounded-[var(--radius-card)] border border-border bg-card shadow-sm transition-shadow hover:shadow-md">
      <div className="aspect-square overflow-hidden bg-muted">
        <img
          {...responsiveImage(product.image, CARD_SIZES)}
          alt={product.name}
          width={480}
          height={480}
          loading={eager ? "eager" : "lazy"}
          decoding="async"
          className="size-full object-cover transition-transform duration-500 group-hover:scale-105 motion-reduce:transition-none motion-reduce:group-hover:scale-100"
        />
      </div>
      <div className="flex flex-1 flex-col p-5">
        <div className="flex items-start justify-between gap-3">
          <h2 className="text-lg font-semibold uppercase tracking-wide">{product.name}</h2>
          <p className="font-display text-xl font-semibold">{formatPounds(product.price)}</p>
        </div>
        <p className="mt-2 line-clamp-3 text-sm text-muted-foreground">{product.description}</p>
        <p className="mt-auto pt-4 text-xs font-medium uppercase tracking-wider text-accent-text">
          Available in the shop
        </p>
      </div>
    </article>
  );
}
