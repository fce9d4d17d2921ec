import { zodResolver } from "@hookform/resolvers/zod";
import { Controller, useForm } from "react-hook-form";
import { FormDialogActions } from "~/components/ui/form-dialog";
import { InlineFormActions } from "~/components/ui/page-notice";
import { FormField } from "~/components/ui/form-field";
import { Input, NativeSelect, Textarea } from "~/components/ui/input";
import { ImagePicker } from "~/features/media/components/image-picker";
import { postedFields, type PostedForm } from "~/lib/posted-form";
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
  /** What the page's action answered to the form posted without JavaScript. */
  posted?: PostedForm;
  /** On the page rather than in the dialog (opened by its address, e.g. without JavaScript). */
  inline?: boolean;
}

export function GalleryItemForm(props: GalleryItemFormProps) {
  const { item, categories, stylists, onSaved, onCancel, posted, inline = false } = props;
  const defaults: Record<string, unknown> =
    posted?.values ??
    (item
      ? { ...item, stylist: item.stylist ?? "" }
      : { title: "", description: "", image: "", category: "", stylist: "" });
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<GalleryItemFormInput, unknown, GalleryItemFormValues>({
    resolver: zodResolver(galleryItemFormSchema),
    defaultValues: defaults as GalleryItemFormInput,
  });
  const { initial, errorOf } = postedFields<(typeof FIELDS)[number]>(defaults, errors, posted);

  const save = useSaveResource({ noun: "Gallery item", endpoint: "/api/gallery", setError, fields: FIELDS });

  const onSubmit = handleSubmit(async (values) => {
    const saved = await save(item, values);
    if (saved) onSaved();
  });

  const submitLabel = item ? "Update Item" : "Add Item";
  return (
    <form
      method="post"
      action="/admin/gallery"
      encType="multipart/form-data"
      onSubmit={onSubmit}
      noValidate
      className="grid gap-4"
    >
      {item && <input type="hidden" name="id" value={item.id} />}
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
      {inline ? (
        <InlineFormActions cancelHref="/admin/gallery" submitLabel={submitLabel} submitting={isSubmitting} />
      ) : (
        <FormDialogActions submitLabel={submitLabel} submitting={isSubmitting} onCancel={onCancel} />
      )}
    </form>
  );
}
