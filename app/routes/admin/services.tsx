import { useNavigate } from "react-router";
import { AdminPage, adminMeta } from "~/components/layout/admin-page";
import { Card } from "~/components/ui/card";
import { EmptyState } from "~/components/ui/empty-state";
import { FormDialog } from "~/components/ui/form-dialog";
import { AddNewLink, RefusedNotice, SavedNotice } from "~/components/ui/page-notice";
import { requireAdminPage } from "~/features/auth/require-admin.server";
import { ServiceAdminCard } from "~/features/services/components/service-admin-card";
import { ServiceForm } from "~/features/services/components/service-form";
import { serviceFormSchema, type Service } from "~/features/services/services.schema";
import { createService, deleteService, listServices, updateService } from "~/features/services/services.server";
import { api } from "~/lib/api-client";
import { formTextValues, managementState, resourceFormAction } from "~/lib/form-action.server";
import { useAdminAction } from "~/lib/use-admin-action";
import { useEditMode } from "~/lib/use-edit-mode";
import type { Route } from "./+types/services";

const SAVED_NOTICES = {
  created: "Service created: the service has been created successfully.",
  updated: "Service updated: the service has been updated successfully.",
  deleted: "Service deleted: the service has been deleted successfully.",
};

/** `?edit=new` or `?edit=<id>` opens the form on the page (the links' targets without JavaScript). */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context);
  const services = await listServices(context.db);
  return { services, ...managementState(request, services, SAVED_NOTICES) };
}

/**
 * The service form and the bin posted without JavaScript: the same schema and feature functions as
 * POST, PUT and DELETE /api/services, then back to the list (303) saying what happened.
 */
export async function action({ context, request }: Route.ActionArgs) {
  requireAdminPage(context);
  const { db } = context;
  return resourceFormAction(formTextValues(await request.formData()), {
    page: "/admin/services",
    schema: serviceFormSchema,
    create: (input) => createService(db, input),
    update: (id, input) => updateService(db, id, input),
    remove: (id) => deleteService(db, id),
  });
}

export const meta = () => adminMeta("Manage Services");

export default function ManageServices({ loaderData, actionData }: Route.ComponentProps) {
  const editor = useEditMode<Service>();
  const { run, pending } = useAdminAction();
  const navigate = useNavigate();
  const { services, notice } = loaderData;
  const deleting = actionData?.values.intent === "delete";
  // After a refused save the form stays open with what was typed; otherwise the address says what is open.
  const editing =
    actionData && !deleting ? (services.find((service) => service.id === actionData.id) ?? "new") : loaderData.editing;

  const remove = (service: Service) =>
    run(() => api("DELETE", `/api/services/${service.id}`), {
      success: { title: "Service deleted", description: "The service has been deleted successfully." },
    });

  return (
    <AdminPage
      title="Manage Services"
      actions={
        <AddNewLink href="/admin/services?edit=new" onOpen={editor.create}>
          Add New Service
        </AddNewLink>
      }
    >
      {notice && !actionData && <SavedNotice>{notice}</SavedNotice>}
      {deleting && <RefusedNotice>{actionData.message}</RefusedNotice>}
      {editing && (
        <Card className="mb-6 grid gap-4 p-5">
          <h2 className="text-xl font-semibold leading-tight">
            {editing === "new" ? "Add New Service" : `Edit ${editing.title}`}
          </h2>
          <ServiceForm
            service={editing === "new" ? null : editing}
            posted={actionData && !deleting ? actionData : undefined}
            inline
            onSaved={() => void navigate("/admin/services")}
            onCancel={() => void navigate("/admin/services")}
          />
        </Card>
      )}
      {services.length === 0 ? (
        <EmptyState>No services yet. Add the first one with Add New Service.</EmptyState>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {services.map((service) => (
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
