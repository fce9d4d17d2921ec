import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
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

/** What the page's action answered to the form posted without JavaScript. */
export interface PostedServiceForm {
  values: Record<string, string>;
  fieldErrors: Record<string, string>;
}

interface ServiceFormProps {
  /** The service being edited; none for a new one. */
  service: Service | null;
  onSaved: () => void;
  onCancel: () => void;
  posted?: PostedServiceForm;
  /** On the page rather than in the dialog (opened by its address, e.g. without JavaScript). */
  inline?: boolean;
}

/** The Add New Service / Edit Service form; the server's message for a taken order lands on the Order field. */
export function ServiceForm({ service, onSaved, onCancel, posted, inline = false }: ServiceFormProps) {
  // A stored icon outside the form's four (older data) shows as the first choice.
  const defaults: Record<string, unknown> =
    posted?.values ??
    (service
      ? { ...service, icon: service.icon as ServiceFormInput["icon"] }
      : { title: "", description: "", icon: "Scissors" });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors: formErrors, isSubmitting },
  } = useForm<ServiceFormInput, unknown, ServiceFormValues>({
    resolver: zodResolver(serviceFormSchema),
    defaultValues: defaults as ServiceFormInput,
  });
  const errors = Object.fromEntries(
    FIELDS.map((name) => [name, { message: formErrors[name]?.message ?? posted?.fieldErrors[name] }]),
  ) as Record<(typeof FIELDS)[number], { message?: string }>;
  /** The value written into the server's HTML (react-hook-form fills inputs only once hydrated). */
  const initial = (name: (typeof FIELDS)[number]) => {
    const value = defaults[name];
    return typeof value === "string" || typeof value === "number" ? value : undefined;
  };

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
    <form method="post" action="/admin/services" onSubmit={onSubmit} noValidate className="grid gap-4">
      {service && <input type="hidden" name="id" value={service.id} />}
      <FormField label="Title" error={errors.title?.message}>
        {(field) => <Input {...field} {...register("title")} defaultValue={initial("title")} />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Price (£)" error={errors.price?.message}>
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
        <FormField label="Duration (mins)" error={errors.duration?.message}>
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
      <FormField label="Description" error={errors.description?.message}>
        {(field) => <Textarea {...field} {...register("description")} defaultValue={initial("description")} rows={3} />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Category" error={errors.category?.message}>
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
        <FormField label="Icon" error={errors.icon?.message}>
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
        error={errors.order?.message}
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
      {inline ? (
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button asChild variant="outline">
            <Link to="/admin/services">Cancel</Link>
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            {service ? "Update Service" : "Add Service"}
          </Button>
        </div>
      ) : (
        <FormDialogActions
          submitLabel={service ? "Update Service" : "Add Service"}
          submitting={isSubmitting}
          onCancel={onCancel}
        />
      )}
    </form>
  );
}
