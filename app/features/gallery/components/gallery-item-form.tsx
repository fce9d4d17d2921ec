import { Controller } from "react-hook-form";
import { FormField } from "~/components/ui/form-field";
import { Input, NativeSelect, Textarea } from "~/components/ui/input";
import { ResourceForm, useResourceForm, type ItemFormProps } from "~/components/ui/resource-form";
import { ImagePicker } from "~/features/media";
import { galleryItemFormSchema, type GalleryCategory, type GalleryItem } from "../gallery.schema";

const FIELDS = ["title", "description", "image", "category", "stylist"] as const;

interface GalleryItemFormProps extends ItemFormProps<GalleryItem> {
  categories: GalleryCategory[];
  /** The team's names, offered for the stylist (any other name can still be typed). */
  stylists: readonly string[];
}

export function GalleryItemForm(props: GalleryItemFormProps) {
  const { item, categories, stylists, onSaved, onCancel, posted, inline = false } = props;
  const { register, control, formState, initial, errorOf, onSubmit } = useResourceForm({
    schema: galleryItemFormSchema,
    fields: FIELDS,
    item,
    defaults: item
      ? { ...item, stylist: item.stylist ?? "" }
      : { title: "", description: "", image: "", category: "", stylist: "" },
    posted,
    noun: "Gallery item",
    endpoint: "/api/gallery",
    onSaved,
  });
  return (
    <ResourceForm
      page="/admin/gallery"
      multipart
      itemId={item?.id}
      onSubmit={onSubmit}
      inline={inline}
      submitLabel={item ? "Update Item" : "Add Item"}
      submitting={formState.isSubmitting}
      onCancel={onCancel}
    >
      <FormField label="Title" error={errorOf("title")}>
        {(field) => <Input {...field} {...register("title")} defaultValue={initial("title")} />}
      </FormField>
      <FormField label="Description" error={errorOf("description")} hint="Optional.">
        {(field) => <Textarea {...field} {...register("description")} defaultValue={initial("description")} rows={3} />}
      </FormField>
      <FormField label="Image" error={errorOf("image")}>
        {(field) => (
          <Controller
            control={control}
            name="image"
            render={({ field: { value, onChange } }) => (
              <ImagePicker {...field} name="image" value={value} onChange={onChange} />
            )}
          />
        )}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="Category"
          error={errorOf("category")}
          hint={categories.length === 0 ? "Add a category in the Categories section first." : undefined}
        >
          {(field) => (
            <NativeSelect {...field} {...register("category")} defaultValue={initial("category") ?? ""}>
              <option value="">Select a category</option>
              {categories.map((category) => (
                <option key={category.id} value={category.name}>
                  {category.name}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label="Stylist" error={errorOf("stylist")} hint="Optional. Choose from the team or type a name.">
          {(field) => (
            <>
              <Input
                {...field}
                list="team-stylists"
                autoComplete="off"
                {...register("stylist")}
                defaultValue={initial("stylist")}
              />
              <datalist id="team-stylists">
                {stylists.map((name) => (
                  <option key={name} value={name} />
                ))}
              </datalist>
            </>
          )}
        </FormField>
      </div>
    </ResourceForm>
  );
}
