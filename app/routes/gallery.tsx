import { PageIntro, PageMain, PageSection } from "~/components/layout/page";
import { EmptyState } from "~/components/ui/empty-state";
import { SelectFilterForm } from "~/components/ui/select-filter-form";
import { GalleryGrid } from "~/features/gallery/components/gallery-grid";
import { ALL_CATEGORIES, galleryListQuerySchema } from "~/features/gallery/gallery.schema";
import { listGalleryCategories, listGalleryItems } from "~/features/gallery/gallery.server";
import { parseSearchParams } from "~/lib/page-errors";
import { seoMeta } from "~/features/seo/seo";
import type { Route } from "./+types/gallery";

export async function loader({ request, context }: Route.LoaderArgs) {
  const requested = parseSearchParams(request, galleryListQuerySchema).category?.toLowerCase();
  const categories = await listGalleryCategories(context.db);
  // An unknown or stale ?category= shows everything rather than an empty page.
  const category = categories.find((entry) => entry.name.toLowerCase() === requested)?.name ?? ALL_CATEGORIES;
  return {
    category,
    filtered: category !== ALL_CATEGORIES,
    options: [ALL_CATEGORIES, ...categories.map((entry) => entry.name)].map((name) => ({ value: name, label: name })),
    items: await listGalleryItems(context.db, { category }),
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: "Style Gallery",
    description: "Fades, crops, classic cuts and beard shapes from the chairs at Oldham Barbers. Find your next style.",
    path: "/gallery",
  });

export default function Gallery({ loaderData }: Route.ComponentProps) {
  const { items, category, filtered, options } = loaderData;
  return (
    <PageMain>
      <PageIntro eyebrow="Our work" title="Style Gallery">
        Cuts, fades and beard work from our chairs. Tap a photo to see it larger, and show your barber the style you
        like.
      </PageIntro>
      <PageSection>
        <div className="mb-8 flex flex-wrap items-center justify-between gap-4">
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {items.length === 1 ? "1 style" : `${items.length} styles`}
            {filtered && ` in ${category}`}
          </p>
          <SelectFilterForm label="Category" name="category" value={category} options={options} submitLabel="Filter" />
        </div>
        {items.length > 0 ? <GalleryGrid items={items} /> : <EmptyState>No styles in this category yet.</EmptyState>}
      </PageSection>
    </PageMain>
  );
}
