import { redirect, useNavigate } from "react-router";
import { AdminPage, adminMeta } from "~/components/layout/admin-page";
import { Card } from "~/components/ui/card";
import { EmptyState } from "~/components/ui/empty-state";
import { FormDialog } from "~/components/ui/form-dialog";
import { AddNewLink, RefusedNotice, SavedNotice } from "~/components/ui/page-notice";
import { requireAdminPage } from "~/features/auth/require-admin.server";
import { GalleryAdminCategories } from "~/features/gallery/components/gallery-admin-categories";
import { GalleryAdminItemCard } from "~/features/gallery/components/gallery-admin-item-card";
import { GalleryItemForm } from "~/features/gallery/components/gallery-item-form";
import { listTeam } from "~/features/team/team.server";
import { galleryCategoryFormSchema, galleryItemFormSchema, type GalleryItem } from "~/features/gallery/gallery.schema";
import {
  createGalleryCategory,
  createGalleryItem,
  deleteGalleryCategory,
  deleteGalleryItem,
  listGalleryCategories,
  listGalleryItems,
  updateGalleryItem,
} from "~/features/gallery/gallery.server";
import { storeFormImage } from "~/features/media/media.server";
import { api } from "~/lib/api-client";
import { formFailure, formTextValues, managementState, resourceFormAction } from "~/lib/form-action.server";
import { parseRowId } from "~/lib/schema-fields";
import { useAdminAction } from "~/lib/use-admin-action";
import { useEditMode } from "~/lib/use-edit-mode";
import type { Route } from "./+types/gallery";

const SAVED_NOTICES = {
  created: "Gallery item created: the gallery item has been created successfully.",
  updated: "Gallery item updated: the gallery item has been updated successfully.",
  deleted: "Gallery item deleted: the gallery item has been deleted successfully.",
  "category-added": "Category added successfully",
  "category-deleted": "Category deleted successfully",
};

/** The category forms' intents, answered apart from the gallery item's form. */
const CATEGORY_INTENTS = ["add-category", "delete-category"];

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context);
  const [items, categories, team] = await Promise.all([
    listGalleryItems(context.db),
    listGalleryCategories(context.db),
    listTeam(context.db),
  ]);
  return {
    items,
    categories,
    stylists: team.map((member) => member.name),
    // `?edit=category`: the Add Category form on the page, the button's target without JavaScript.
    addingCategory: new URL(request.url).searchParams.get("edit") === "category",
    ...managementState(request, items, SAVED_NOTICES),
  };
}

/**
 * A gallery item's form (with an image file when sent without JavaScript) and its bin: the same schema
 * and feature functions as POST, PUT and DELETE /api/gallery.
 */
export async function action({ context, request }: Route.ActionArgs) {
  requireAdminPage(context);
  const form = await request.formData();
  const values = formTextValues(form);
  const { db, storage, config } = context;
  if (CATEGORY_INTENTS.includes(values.intent ?? "")) {
    try {
      if (values.intent === "add-category") await createGalleryCategory(db, galleryCategoryFormSchema.parse(values));
      else await deleteGalleryCategory(db, parseRowId(values.id ?? "") ?? 0);
    } catch (error) {
      return formFailure(error, { values, id: null });
    }
    return redirect(
      `/admin/gallery?saved=${values.intent === "add-category" ? "category-added" : "category-deleted"}`,
      303,
    );
  }
  return resourceFormAction(values, {
    page: "/admin/gallery",
    schema: galleryItemFormSchema,
    prepare: () =>
      storeFormImage({ db, storage, maxFileBytes: config.limits.uploadMaxFileBytes }, form, values, "image"),
    create: (input) => createGalleryItem(db, input),
    update: (id, input) => updateGalleryItem(db, id, input),
    remove: (id) => deleteGalleryItem(db, id),
  });
}

export const meta = () => adminMeta("Manage Gallery");

export default function ManageGallery({ loaderData, actionData }: Route.ComponentProps) {
  const { items, categories, stylists, notice, addingCategory } = loaderData;
  const editor = useEditMode<GalleryItem>();
  const { run, pending } = useAdminAction();
  const navigate = useNavigate();
  const categoryRefusal = actionData && CATEGORY_INTENTS.includes(actionData.values.intent ?? "") ? actionData : null;
  // A refused delete or category form leaves the item form as the address says.
  const deleting = actionData?.values.intent === "delete" || categoryRefusal !== null;
  // After a refused save the form stays open with what was typed; otherwise the address says what is open.
  const editing =
    actionData && !deleting ? (items.find((item) => item.id === actionData.id) ?? "new") : loaderData.editing;

  const remove = (item: GalleryItem) =>
    run(() => api("DELETE", `/api/gallery/${item.id}`), {
      success: { title: "Gallery item deleted", description: "The gallery item has been deleted successfully." },
    });

  return (
    <AdminPage title="Manage Gallery">
      {notice && !actionData && <SavedNotice>{notice}</SavedNotice>}
      {/* A refusal no field can show: a delete, an image file that is not one. */}
      {actionData && (categoryRefusal || Object.keys(actionData.fieldErrors).length === 0) && (
        <RefusedNotice>{actionData.message}</RefusedNotice>
      )}
      <GalleryAdminCategories categories={categories} addingOnPage={addingCategory} />
      <section aria-labelledby="gallery-items">
        <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
          <h2 id="gallery-items" className="text-2xl font-semibold">
            Gallery Items
          </h2>
          <AddNewLink href="/admin/gallery?edit=new" onOpen={editor.create}>
            Add Gallery Item
          </AddNewLink>
        </div>
        {editing && (
          <Card className="mb-6 grid gap-4 p-5">
            <h3 className="text-xl font-semibold leading-tight">
              {editing === "new" ? "Add New Gallery Item" : `Edit ${editing.title}`}
            </h3>
            <GalleryItemForm
              item={editing === "new" ? null : editing}
              categories={categories}
              stylists={stylists}
              posted={actionData && !deleting ? actionData : undefined}
              inline
              onSaved={() => void navigate("/admin/gallery")}
              onCancel={() => void navigate("/admin/gallery")}
            />
          </Card>
        )}
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
