import { Controller } from "react-hook-form";
import { FormField } from "~/components/ui/form-field";
import { Input, Textarea } from "~/components/ui/input";
import { ResourceForm, useResourceForm, type ItemFormProps } from "~/components/ui/resource-form";
import { ImagePicker } from "~/features/media";
import { productFormSchema, type Product } from "../products.schema";

const FIELDS = ["name", "price", "description", "image", "stock"] as const;

export function ProductForm({ item: product, posted, inline = false, onSaved, onCancel }: ItemFormProps<Product>) {
  const { register, control, formState, initial, errorOf, onSubmit } = useResourceForm({
    schema: productFormSchema,
    fields: FIELDS,
    item: product,
    defaults: product ?? { name: "", description: "", image: "" },
    posted,
    noun: "Product",
    endpoint: "/api/products",
    onSaved,
  });
  return (
    <ResourceForm
      page="/admin/products"
      multipart
      itemId={product?.id}
      onSubmit={onSubmit}
      inline={inline}
      submitLabel={product ? "Update Product" : "Add Product"}
      submitting={formState.isSubmitting}
      onCancel={onCancel}
    >
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
      <FormField label="Stock (empty: not counted)" error={errorOf("stock")}>
        {(field) => (
          <Input
            {...field}
            {...register("stock")}
            defaultValue={initial("stock") ?? ""}
            type="number"
            step="1"
            min="0"
            inputMode="numeric"
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
    </ResourceForm>
  );
}
