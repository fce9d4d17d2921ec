import { Plus } from "lucide-react";
import { AdminPage, adminMeta } from "~/components/layout/admin-page";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { FormDialog } from "~/components/ui/form-dialog";
import { requireAdminPage } from "~/features/auth/require-admin.server";
import { ServiceAdminCard } from "~/features/services/components/service-admin-card";
import { ServiceForm } from "~/features/services/components/service-form";
import type { Service } from "~/features/services/services.schema";
import { listServices } from "~/features/services/services.server";
import { api } from "~/lib/api-client";
import { useAdminAction } from "~/lib/use-admin-action";
import { useEditMode } from "~/lib/use-edit-mode";
import type { Route } from "./+types/services";

export async function loader({ context }: Route.LoaderArgs) {
  requireAdminPage(context);
  return { services: await listServices(context.db) };
}

export const meta = () => adminMeta("Manage Services");

export default function ManageServices({ loaderData }: Route.ComponentProps) {
  const editor = useEditMode<Service>();
  const { run, pending } = useAdminAction();

  const remove = (service: Service) =>
    run(() => api("DELETE", `/api/services/${service.id}`), {
      success: { title: "Service deleted", description: "The service has been deleted successfully." },
    });

  return (
    <AdminPage
      title="Manage Services"
      actions={
        <Button onClick={editor.create}>
          <Plus aria-hidden />
          Add New Service
        </Button>
      }
    >
      {loaderData.services.length === 0 ? (
        <EmptyState>No services yet. Add the first one with Add New Service.</EmptyState>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {loaderData.services.map((service) => (
            <li key={service.id}>
              <ServiceAdminCard
                service={service}
                busy={pending}
                onEdit={() => editor.edit(service)}
                onDelete={() => remove(service)}
              />
            </li>
          ))}
        </ul>
      )}
      <FormDialog
        open={editor.open}
        onOpenChange={editor.onOpenChange}
        title={editor.editing ? "Edit Service" : "Add New Service"}
        description={
          editor.editing
            ? "Change the details of this service."
            : "A new service for the price list and the booking page."
        }
      >
        <ServiceForm service={editor.editing} onSaved={editor.done} onCancel={editor.done} />
      </FormDialog>
    </AdminPage>
  );
}
