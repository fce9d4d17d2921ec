import { PageIntro, PageMain, PageSection } from "~/components/layout/page";
import { EmptyState } from "~/components/ui/empty-state";
import { SelectFilterForm } from "~/components/ui/select-filter-form";
import { ProductCard } from "~/features/products/components/product-card";
import { PRODUCT_SORTS, PRODUCT_SORT_LABELS, productListQuerySchema } from "~/features/products/products.schema";
import { listProducts } from "~/features/products/products.server";
import { parseSearchParams } from "~/lib/page-errors";
import { seoMeta } from "~/features/seo/seo";
import type { Route } from "./+types/products";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { sort } = parseSearchParams(request, productListQuerySchema);
  return {
    sort,
    sortOptions: PRODUCT_SORTS.map((value) => ({ value, label: PRODUCT_SORT_LABELS[value] })),
    products: await listProducts(context.db, sort),
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: "Shop Our Products",
    description:
      "Professional hair and beard products we use and trust: pomades, clays, beard oils and more, available in the shop.",
    path: "/products",
  });

/** Photos in the first row are likely on screen at load; the rest load as they scroll into view. */
const EAGER_IMAGES = 2;

export default function Products({ loaderData }: Route.ComponentProps) {
  const { products, sort, sortOptions } = loaderData;
  return (
    <PageMain>
      <PageIntro eyebrow="Grooming products" title="Shop Our Products">
        The products we use in the chair, so you can get the same finish at home. Ask your barber what suits your hair.
      </PageIntro>
      <PageSection>
        <div className="mb-8 flex flex-wrap items-center justify-between gap-4">
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {products.length === 1 ? "1 product" : `${products.length} products`}
          </p>
          <SelectFilterForm label="Sort by" name="sort" value={sort} options={sortOptions} submitLabel="Sort" />
        </div>
        {products.length > 0 ? (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" aria-label="Products">
            {products.map((product, index) => (
              <li key={product.id}>
                <ProductCard product={product} eager={index < EAGER_IMAGES} />
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState>No products to show yet. Please check back soon.</EmptyState>
        )}
      </PageSection>
    </PageMain>
  );
}
