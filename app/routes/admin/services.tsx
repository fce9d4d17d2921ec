import { adminMeta } from "~/components/layout/admin-page";
import { ManagementPage } from "~/components/layout/management-page";
import { requireAdminPage } from "~/features/auth/require-admin.server";
import { ServiceAdminCard } from "~/features/services/components/service-admin-card";
import { ServiceForm } from "~/features/services/components/service-form";
import { serviceFormSchema, type Service } from "~/features/services/services.schema";
import { createService, deleteService, listServices, updateService } from "~/features/services/services.server";
import { formTextValues, managementState, resourceFormAction } from "~/lib/form-action.server";
import { savedNotices } from "~/lib/saved-notice";
import type { Route } from "./+types/services";

const SAVED_NOTICES = savedNotices("Service");

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
    conflictField: "order",
    create: (input) => createService(db, input),
    update: (id, input) => updateService(db, id, input),
    remove: (id) => deleteService(db, id),
  });
}

export const meta = () => adminMeta("Manage Services");

export default function ManageServices({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ManagementPage<Service>
      title="Manage Services"
      noun="service"
      page="/admin/services"
      apiPath="/api/services"
      addLabel="Add New Service"
      items={loaderData.services}
      editing={loaderData.editing}
      posted={actionData}
      notice={loaderData.notice}
      emptyText="No services yet. Add the first one with Add New Service."
      listClassName="md:grid-cols-2"
      nameOf={(service) => service.title}
      dialogDescriptions={{
        add: "A new service for the price list and the booking page.",
        edit: "Change the details of this service.",
      }}
      renderCard={(service, card) => <ServiceAdminCard service={service} {...card} />}
      renderForm={(form) => <ServiceForm {...form} />}
    />
  );
}
