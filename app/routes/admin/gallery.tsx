import { redirect } from "react-router";
import { adminMeta } from "~/components/layout/admin-page";
import { ManagementPage } from "~/components/layout/management-page";
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
import { formFailure, formTextValues, managementState, resourceFormAction } from "~/lib/form-action.server";
import { parseRowId } from "~/lib/schema-fields";
import { savedNotices } from "~/lib/saved-notice";
import type { Route } from "./+types/gallery";

const SAVED_NOTICES = {
  ...savedNotices("Gallery item"),
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
  const { db } = context;
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
    prepare: () => storeFormImage(context, form, values),
    create: (input) => createGalleryItem(db, input),
    update: (id, input) => updateGalleryItem(db, id, input),
    remove: (id) => deleteGalleryItem(db, id),
  });
}

export const meta = () => adminMeta("Manage Gallery");

export default function ManageGallery({ loaderData, actionData }: Route.ComponentProps) {
  const { categories, stylists } = loaderData;
  return (
    <ManagementPage<GalleryItem>
      title="Manage Gallery"
      noun="gallery item"
      page="/admin/gallery"
      apiPath="/api/gallery"
      addLabel="Add Gallery Item"
      items={loaderData.items}
      editing={loaderData.editing}
      posted={actionData}
      notice={loaderData.notice}
      emptyText="No styles in the gallery yet. Add the first one with Add Gallery Item."
      listClassName="sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
      nameOf={(item) => item.title}
      dialogDescriptions={{ add: "A new style for the gallery.", edit: "Change the details of this style." }}
      renderCard={(item, card) => <GalleryAdminItemCard item={item} {...card} />}
      renderForm={(form) => <GalleryItemForm categories={categories} stylists={stylists} {...form} />}
      itemsHeading="Gallery Items"
    >
      <GalleryAdminCategories categories={categories} addingOnPage={loaderData.addingCategory} />
    </ManagementPage>
  );
}
