import { zodResolver } from "@hookform/resolvers/zod";
import { Controller, useForm } from "react-hook-form";
import { FormDialogActions } from "~/components/ui/form-dialog";
import { FormField } from "~/components/ui/form-field";
import { Input, Textarea } from "~/components/ui/input";
import { ImagePicker } from "~/features/media/components/image-picker";
import { useSaveResource } from "~/lib/use-admin-action";
import { productFormSchema, type Product, type ProductFormInput, type ProductFormValues } from "../products.schema";

const FIELDS = ["name", "price", "description", "image"] as const;

interface ProductFormProps {
  product: Product | null;
  onSaved: () => void;
  onCancel: () => void;
}

export function ProductForm({ product, onSaved, onCancel }: ProductFormProps) {
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ProductFormInput, unknown, ProductFormValues>({
    resolver: zodResolver(productFormSchema),
    defaultValues: product ?? { name: "", description: "", image: "" },
  });

  const save = useSaveResource({ noun: "Product", endpoint: "/api/products", setError, fields: FIELDS });

  const onSubmit = handleSubmit(async (values) => {
    const saved = await save(product, values);
    if (saved) onSaved();
  });

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField label="Name" error={errors.name?.message}>
        {(field) => <Input {...field} {...register("name")} />}
      </FormField>
      <FormField label="Price (£)" error={errors.price?.message}>
        {(field) => (
          <Input
            {...field}
            {...register("price", { valueAsNumber: true })}
            type="number"
            step="0.01"
            min="0"
            inputMode="decimal"
          />
        )}
      </FormField>
      <FormField label="Description" error={errors.description?.message}>
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
      <FormDialogActions
        submitLabel={product ? "Update Product" : "Add Product"}
        submitting={isSubmitting}
        onCancel={onCancel}
      />
    </form>
  );
}
