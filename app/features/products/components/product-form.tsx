import { zodResolver } from "@hookform/resolvers/zod";
import { Controller, useForm } from "react-hook-form";
import { FormDialogActions } from "~/components/ui/form-dialog";
import { FormField } from "~/components/ui/form-field";
import { Input, Textarea } from "~/components/ui/input";
import { InlineFormActions } from "~/components/ui/page-notice";
import { ImagePicker } from "~/features/media/components/image-picker";
import { postedFields, type PostedForm } from "~/lib/posted-form";
import { useSaveResource } from "~/lib/use-admin-action";
import { productFormSchema, type Product, type ProductFormInput, type ProductFormValues } from "../products.schema";

const FIELDS = ["name", "price", "description", "image"] as const;

interface ProductFormProps {
  product: Product | null;
  onSaved: () => void;
  onCancel: () => void;
  /** What the page's action answered to the form posted without JavaScript. */
  posted?: PostedForm;
  /** On the page rather than in the dialog (opened by its address, e.g. without JavaScript). */
  inline?: boolean;
}

export function ProductForm({ product, onSaved, onCancel, posted, inline = false }: ProductFormProps) {
  const defaults: Record<string, unknown> = posted?.values ?? product ?? { name: "", description: "", image: "" };
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ProductFormInput, unknown, ProductFormValues>({
    resolver: zodResolver(productFormSchema),
    defaultValues: defaults as ProductFormInput,
  });
  const { initial, errorOf } = postedFields<(typeof FIELDS)[number]>(defaults, errors, posted);

  const save = useSaveResource({ noun: "Product", endpoint: "/api/products", setError, fields: FIELDS });

  const onSubmit = handleSubmit(async (values) => {
    const saved = await save(product, values);
    if (saved) onSaved();
  });

  const submitLabel = product ? "Update Product" : "Add Product";
  return (
    <form
      method="post"
      action="/admin/products"
      encType="multipart/form-data"
      onSubmit={onSubmit}
      noValidate
      className="grid gap-4"
    >
      {product && <input type="hidden" name="id" value={product.id} />}
      <FormField label="Name" error={errorOf("name")}>
        {(field) => <Input {...field} {...register("name")} defaultValue={initial("name")} />}
      </FormField>
      <FormField label="Price (£)" error={errorOf("price")}>
        {(field) => (
          <Input
            {...field}
            {...register("price", { valueAsNumber: true })}
            defaultValue={initial("price")}
            type="number"
            step="0.01"
            min="0"
            inputMode="decimal"
          />
        )}
      </FormField>
      <FormField label="Description" error={errorOf("description")}>
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
      {inline ? (
        <InlineFormActions cancelHref="/admin/products" submitLabel={submitLabel} submitting={isSubmitting} />
      ) : (
        <FormDialogActions submitLabel={submitLabel} submitting={isSubmitting} onCancel={onCancel} />
      )}
    </form>
  );
}
