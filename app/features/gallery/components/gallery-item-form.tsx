import { zodResolver } from "@hookform/resolvers/zod";
import { Controller, useForm } from "react-hook-form";
import { FormDialogActions } from "~/components/ui/form-dialog";
import { FormField } from "~/components/ui/form-field";
import { Input, NativeSelect, Textarea } from "~/components/ui/input";
import { ImagePicker } from "~/features/media/components/image-picker";
import { useSaveResource } from "~/lib/use-admin-action";
import {
  galleryItemFormSchema,
  type GalleryCategory,
  type GalleryItem,
  type GalleryItemFormInput,
  type GalleryItemFormValues,
} from "../gallery.schema";

const FIELDS = ["title", "description", "image", "category", "stylist"] as const;

interface GalleryItemFormProps {
  item: GalleryItem | null;
  categories: GalleryCategory[];
  /** The team's names, offered for the stylist (any other name can still be typed). */
  stylists: readonly string[];
  onSaved: () => void;
  onCancel: () => void;
}

export function GalleryItemForm({ item, categories, stylists, onSaved, onCancel }: GalleryItemFormProps) {
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<GalleryItemFormInput, unknown, GalleryItemFormValues>({
    resolver: zodResolver(galleryItemFormSchema),
    defaultValues: item
      ? { ...item, stylist: item.stylist ?? "" }
      : { title: "", description: "", image: "", category: "", stylist: "" },
  });

  const save = useSaveResource({ noun: "Gallery item", endpoint: "/api/gallery", setError, fields: FIELDS });

  const onSubmit = handleSubmit(async (values) => {
    const saved = await save(item, values);
    if (saved) onSaved();
  });

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField label="Title" error={errors.title?.message}>
        {(field) => <Input {...field} {...register("title")} />}
      </FormField>
      <FormField label="Description" error={errors.description?.message} hint="Optional.">
        {(field) => <Textarea {...field} {...register("description")} rows={3} />}
      </FormField>
      <FormField label="Image" error={errors.image?.message}>
        {(field) => (
          <Controller
            control={control}
            name="image"
            render={({ field: { value, onChange } }) => <ImagePicker {...field} value={value} onChange={onChange} />}
          />
        )}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="Category"
          error={errors.category?.message}
          hint={categories.length === 0 ? "Add a category in the Categories section first." : undefined}
        >
          {(field) => (
            <NativeSelect {...field} {...register("category")}>
              <option value="">Select a category</option>
              {categories.map((category) => (
                <option key={category.id} value={category.name}>
                  {category.name}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField
          label="Stylist"
          error={errors.stylist?.message}
          hint="Optional. Choose from the team or type a name."
        >
          {(field) => (
            <>
              <Input {...field} list="team-stylists" autoComplete="off" {...register("stylist")} />
              <datalist id="team-stylists">
                {stylists.map((name) => (
                  <option key={name} value={name} />
                ))}
              </datalist>
            </>
          )}
        </FormField>
      </div>
      <FormDialogActions
        submitLabel={item ? "Update Item" : "Add Item"}
        submitting={isSubmitting}
        onCancel={onCancel}
      />
    </form>
  );
}
