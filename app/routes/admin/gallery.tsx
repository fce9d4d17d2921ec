import { Plus } from "lucide-react";
import { AdminPage, adminMeta } from "~/components/layout/admin-page";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { FormDialog } from "~/components/ui/form-dialog";
import { requireAdminPage } from "~/features/auth/require-admin.server";
import { GalleryAdminCategories } from "~/features/gallery/components/gallery-admin-categories";
import { GalleryAdminItemCard } from "~/features/gallery/components/gallery-admin-item-card";
import { GalleryItemForm } from "~/features/gallery/components/gallery-item-form";
import { listTeam } from "~/features/team/team.server";
import type { GalleryItem } from "~/features/gallery/gallery.schema";
import { listGalleryCategories, listGalleryItems } from "~/features/gallery/gallery.server";
import { api } from "~/lib/api-client";
import { useAdminAction } from "~/lib/use-admin-action";
import { useEditMode } from "~/lib/use-edit-mode";
import type { Route } from "./+types/gallery";

export async function loader({ context }: Route.LoaderArgs) {
  requireAdminPage(context);
  const [items, categories, team] = await Promise.all([
    listGalleryItems(context.db),
    listGalleryCategories(context.db),
    listTeam(context.db),
  ]);
  return { items, categories, stylists: team.map((member) => member.name) };
}

export const meta = () => adminMeta("Manage Gallery");

export default function ManageGallery({ loaderData }: Route.ComponentProps) {
  const { items, categories, stylists } = loaderData;
  const editor = useEditMode<GalleryItem>();
  const { run, pending } = useAdminAction();

  const remove = (item: GalleryItem) =>
    run(() => api("DELETE", `/api/gallery/${item.id}`), {
      success: { title: "Gallery item deleted", description: "The gallery item has been deleted successfully." },
    });

  return (
    <AdminPage title="Manage Gallery">
      <GalleryAdminCategories categories={categories} />
      <section aria-labelledby="gallery-items">
        <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
          <h2 id="gallery-items" className="text-2xl font-semibold">
            Gallery Items
          </h2>
          <Button onClick={editor.create}>
            <Plus aria-hidden />
            Add Gallery Item
          </Button>
        </div>
        {items.length === 0 ? (
          <EmptyState>No styles in the gallery yet. Add the first one with Add Gallery Item.</EmptyState>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {items.map((item) => (
              <li key={item.id}>
                <GalleryAdminItemCard
                  item={item}
                  busy={pending}
                  onEdit={() => editor.edit(item)}
                  onDelete={() => remove(item)}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
      <FormDialog
        open={editor.open}
        onOpenChange={editor.onOpenChange}
        title={editor.editing ? "Edit Gallery Item" : "Add New Gallery Item"}
        description={editor.editing ? "Change the details of this style." : "A new style for the gallery."}
      >
        <GalleryItemForm
          item={editor.editing}
          categories={categories}
          stylists={stylists}
          onSaved={editor.done}
          onCancel={editor.done}
        />
      </FormDialog>
    </AdminPage>
  );
}
