import { zodResolver } from "@hookform/resolvers/zod";
import { Plus, X } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "~/components/ui/button";
import { ConfirmDelete } from "~/components/ui/confirm-dialog";
import { EmptyState } from "~/components/ui/empty-state";
import { FormDialog, FormDialogActions } from "~/components/ui/form-dialog";
import { FormField } from "~/components/ui/form-field";
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

/** Manage haircut categories: a card per category with its count of styles, delete on hover or focus, and Add Category. */
export function GalleryAdminCategories({ categories }: { categories: GalleryCategory[] }) {
  const [adding, setAdding] = useState(false);
  const { run, pending } = useAdminAction();

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
        <Button variant="outline" onClick={() => setAdding(true)}>
          <Plus aria-hidden />
          Add Category
        </Button>
      </div>
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
              <ConfirmDelete
                thing="category"
                name={category.name}
                onConfirm={() => remove(category)}
                trigger={
                  <Button
                    type="button"
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

function CategoryForm({ onSaved, onCancel }: { onSaved: () => void; onCancel: () => void }) {
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
    <form method="post" onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField label="Category Name" error={errors.name?.message}>
        {(field) => <Input {...field} {...register("name")} placeholder="e.g. Fades" />}
      </FormField>
      <FormDialogActions submitLabel={"Add Category"} submitting={isSubmitting} onCancel={onCancel} />
    </form>
  );
}
