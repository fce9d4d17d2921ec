import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { FormDialogActions } from "~/components/ui/form-dialog";
import { FormField } from "~/components/ui/form-field";
import { Input, NativeSelect, Textarea } from "~/components/ui/input";
import { useSaveResource } from "~/lib/use-admin-action";
import {
  SERVICE_CATEGORIES,
  SERVICE_CATEGORY_HEADINGS,
  SERVICE_ICONS,
  serviceFormSchema,
  type Service,
  type ServiceFormInput,
  type ServiceFormValues,
} from "../services.schema";

const FIELDS = ["title", "price", "description", "category", "icon", "duration", "order"] as const;

interface ServiceFormProps {
  /** The service being edited; none for a new one. */
  service: Service | null;
  onSaved: () => void;
  onCancel: () => void;
}

/** The Add New Service / Edit Service form; the server's message for a taken order lands on the Order field. */
export function ServiceForm({ service, onSaved, onCancel }: ServiceFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ServiceFormInput, unknown, ServiceFormValues>({
    resolver: zodResolver(serviceFormSchema),
    // A stored icon outside the form's four (older data) shows as the first choice.
    defaultValues: service
      ? { ...service, icon: service.icon as ServiceFormInput["icon"] }
      : { title: "", description: "", icon: "Scissors" },
  });

  const save = useSaveResource({
    noun: "Service",
    endpoint: "/api/services",
    setError,
    fields: FIELDS,
    conflictField: "order",
  });

  const onSubmit = handleSubmit(async (values) => {
    const saved = await save(service, values);
    if (saved) onSaved();
  });

  const numeric = { valueAsNumber: true } as const;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField label="Title" error={errors.title?.message}>
        {(field) => <Input {...field} {...register("title")} />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Price (£)" error={errors.price?.message}>
          {(field) => (
            <Input {...field} {...register("price", numeric)} type="number" step="0.01" min="0" inputMode="decimal" />
          )}
        </FormField>
        <FormField label="Duration (mins)" error={errors.duration?.message}>
          {(field) => (
            <Input {...field} {...register("duration", numeric)} type="number" step="1" min="1" inputMode="numeric" />
          )}
        </FormField>
      </div>
      <FormField label="Description" error={errors.description?.message}>
        {(field) => <Textarea {...field} {...register("description")} rows={3} />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Category" error={errors.category?.message}>
          {(field) => (
            <NativeSelect {...field} {...register("category")}>
              <option value="">Select a category</option>
              {SERVICE_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {SERVICE_CATEGORY_HEADINGS[category]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label="Icon" error={errors.icon?.message}>
          {(field) => (
            <NativeSelect {...field} {...register("icon")}>
              {SERVICE_ICONS.map((icon) => (
                <option key={icon} value={icon}>
                  {icon}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
      </div>
      <FormField
        label="Order"
        error={errors.order?.message}
        hint="Position in the price list. Leave empty or 0 to place it last."
      >
        {(field) => (
          <Input {...field} {...register("order", numeric)} type="number" step="1" min="0" inputMode="numeric" />
        )}
      </FormField>
      <FormDialogActions
        submitLabel={service ? "Update Service" : "Add Service"}
        submitting={isSubmitting}
        onCancel={onCancel}
      />
    </form>
  );
}
