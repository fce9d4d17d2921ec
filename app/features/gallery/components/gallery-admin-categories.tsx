import { zodResolver } from "@hookform/resolvers/zod";
import { Plus, X } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { ConfirmDelete } from "~/components/ui/confirm-dialog";
import { EmptyState } from "~/components/ui/empty-state";
import { FormDialog, FormDialogActions } from "~/components/ui/form-dialog";
import { FormField } from "~/components/ui/form-field";
import { InlineFormActions } from "~/components/ui/page-notice";
import { Input } from "~/components/ui/input";
import { api } from "~/lib/api-client";
import { withFieldErrors } from "~/lib/form-errors";
import { useAdminAction } from "~/lib/use-admin-action";
import {
  galleryCategoryFormSchema,
  type GalleryCategory,
  type GalleryCategoryFormInput,
  type GalleryCategoryFormValues,
} from "../gallery.schema";

/**
 * Manage haircut categories: a card per category with its count of styles, delete on hover or focus, and Add
 * Category. Without JavaScript, Add Category opens its form on the page (`?edit=category`, `addingOnPage`) and
 * each bin posts its delete to the page's action.
 */
export function GalleryAdminCategories({
  categories,
  addingOnPage,
}: {
  categories: GalleryCategory[];
  addingOnPage: boolean;
}) {
  const [adding, setAdding] = useState(false);
  const { run, pending } = useAdminAction();
  const navigate = useNavigate();
  const backToList = () => void navigate("/admin/gallery");

  // A category still in use is refused by the server (409); its message says why and appears in the Error notice.
  const remove = (category: GalleryCategory) =>
    run(() => api("DELETE", `/api/gallery/categories/${category.id}`), {
      success: { title: "Category deleted successfully" },
    });

  return (
    <section aria-labelledby="gallery-categories" className="mb-12">
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="gallery-categories" className="text-2xl font-semibold">
            Categories
          </h2>
          <p className="text-sm text-muted-foreground">Manage haircut categories</p>
        </div>
        <Button asChild variant="outline">
          <a
            href="/admin/gallery?edit=category"
            onClick={(event) => {
              event.preventDefault();
              setAdding(true);
            }}
          >
            <Plus aria-hidden />
            Add Category
          </a>
        </Button>
      </div>
      {addingOnPage && (
        <div className="mb-6 max-w-md rounded-lg border border-border bg-card p-5">
          <h3 className="mb-4 text-xl font-semibold leading-tight">Add Category</h3>
          <CategoryForm onSaved={backToList} onCancel={backToList} inline />
        </div>
      )}
      {categories.length === 0 ? (
        <EmptyState>No categories yet. Gallery items need one, so add a category first.</EmptyState>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {categories.map((category) => (
            <li
              key={category.id}
              className="group relative rounded-lg border border-border bg-card p-4 pr-11 shadow-sm"
            >
              <p className="break-words font-semibold">{category.name}</p>
              <p className="text-sm text-muted-foreground">
                {category.count} {category.count === 1 ? "style" : "styles"}
              </p>
              {/* Hydrated, the bin asks first and the form never submits; without JavaScript it posts the delete. */}
              <form method="post" action="/admin/gallery" onSubmit={(event) => event.preventDefault()}>
                <input type="hidden" name="intent" value="delete-category" />
                <input type="hidden" name="id" value={category.id} />
                <ConfirmDelete
                  thing="category"
                  name={category.name}
                  onConfirm={() => remove(category)}
                  trigger={
                    <Button
                      type="submit"
                      variant="ghost"
                      size="icon"
                      aria-label={`Delete category ${category.name}`}
                      title="Delete category"
                      disabled={pending}
                      className="absolute right-1.5 top-1.5 size-8 text-destructive opacity-0 transition-opacity hover:bg-red-50 focus-visible:opacity-100 group-hover:opacity-100 motion-reduce:transition-none pointer-coarse:opacity-100"
                    >
                      <X aria-hidden />
                    </Button>
                  }
                />
              </form>
            </li>
          ))}
        </ul>
      )}
      <FormDialog
        open={adding}
        onOpenChange={setAdding}
        title="Add Category"
        description="A haircut category visitors can filter the gallery by."
      >
        <CategoryForm onSaved={() => setAdding(false)} onCancel={() => setAdding(false)} />
      </FormDialog>
    </section>
  );
}

/** `inline`: on the page rather than in the dialog, with a Cancel link that works without JavaScript too. */
function CategoryForm({
  onSaved,
  onCancel,
  inline = false,
}: {
  onSaved: () => void;
  onCancel: () => void;
  inline?: boolean;
}) {
  const { run } = useAdminAction();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<GalleryCategoryFormInput, unknown, GalleryCategoryFormValues>({
    resolver: zodResolver(galleryCategoryFormSchema),
    defaultValues: { name: "" },
  });

  const onSubmit = handleSubmit(async (values) => {
    const call = api("POST", "/api/gallery/categories", values);
    const saved = await run(() => withFieldErrors(call, setError, { fields: ["name"], conflictField: "name" }), {
      success: { title: "Category added successfully" },
      errorTitle: "Error adding category",
    });
    if (saved) onSaved();
  });

  return (
    <form method="post" action="/admin/gallery" onSubmit={onSubmit} noValidate className="grid gap-4">
      <input type="hidden" name="intent" value="add-category" />
      <FormField label="Category Name" error={errors.name?.message}>
        {(field) => <Input {...field} {...register("name")} placeholder="e.g. Fades" />}
      </FormField>
      {inline ? (
        <InlineFormActions cancelHref="/admin/gallery" submitLabel="Add Category" submitting={isSubmitting} />
      ) : (
        <FormDialogActions submitLabel="Add Category" submitting={isSubmitting} onCancel={onCancel} />
      )}
    </form>
  );
}
