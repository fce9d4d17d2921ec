import { FormField } from "~/components/ui/form-field";
import { Input, NativeSelect, Textarea } from "~/components/ui/input";
import { ResourceForm, useResourceForm, type ItemFormProps } from "~/components/ui/resource-form";
import {
  SERVICE_CATEGORIES,
  SERVICE_CATEGORY_HEADINGS,
  SERVICE_ICONS,
  serviceFormSchema,
  type Service,
} from "../services.schema";

const FIELDS = ["title", "price", "description", "category", "icon", "duration", "order"] as const;

/**
 * The Add New Service / Edit Service form; the server's message for a taken order lands on the Order field,
 * from the API or from the page's action.
 */
export function ServiceForm({ item: service, onSaved, onCancel, posted, inline = false }: ItemFormProps<Service>) {
  const { register, formState, initial, errorOf, onSubmit } = useResourceForm({
    schema: serviceFormSchema,
    fields: FIELDS,
    item: service,
    // A stored icon outside the form's four (older data) shows as the first choice: the select has no such option.
    defaults: service ?? { title: "", description: "", icon: "Scissors" },
    posted,
    noun: "Service",
    endpoint: "/api/services",
    conflictField: "order",
    onSaved,
  });
  const numeric = { valueAsNumber: true } as const;
  return (
    <ResourceForm
      page="/admin/services"
      itemId={service?.id}
      onSubmit={onSubmit}
      inline={inline}
      submitLabel={service ? "Update Service" : "Add Service"}
      submitting={formState.isSubmitting}
      onCancel={onCancel}
    >
      <FormField label="Title" error={errorOf("title")}>
        {(field) => <Input {...field} {...register("title")} defaultValue={initial("title")} />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Price (£)" error={errorOf("price")}>
          {(field) => (
            <Input
              {...field}
              {...register("price", numeric)}
              defaultValue={initial("price")}
              type="number"
              step="0.01"
              min="0"
              inputMode="decimal"
            />
          )}
        </FormField>
        <FormField label="Duration (mins)" error={errorOf("duration")}>
          {(field) => (
            <Input
              {...field}
              {...register("duration", numeric)}
              defaultValue={initial("duration")}
              type="number"
              step="1"
              min="1"
              inputMode="numeric"
            />
          )}
        </FormField>
      </div>
      <FormField label="Description" error={errorOf("description")}>
        {(field) => <Textarea {...field} {...register("description")} defaultValue={initial("description")} rows={3} />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Category" error={errorOf("category")}>
          {(field) => (
            <NativeSelect {...field} {...register("category")} defaultValue={initial("category") ?? ""}>
              <option value="">Select a category</option>
              {SERVICE_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {SERVICE_CATEGORY_HEADINGS[category]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label="Icon" error={errorOf("icon")}>
          {(field) => (
            <NativeSelect {...field} {...register("icon")} defaultValue={initial("icon")}>
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
        error={errorOf("order")}
        hint="Position in the price list. Leave empty or 0 to place it last."
      >
        {(field) => (
          <Input
            {...field}
            {...register("order", numeric)}
            defaultValue={initial("order")}
            type="number"
            step="1"
            min="0"
            inputMode="numeric"
          />
        )}
      </FormField>
    </ResourceForm>
  );
}
