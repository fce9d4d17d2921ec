import { redirect, useLocation } from "react-router";
import { AdminPage, adminMeta } from "~/components/layout/admin-page";
import { Card } from "~/components/ui/card";
import { RefusedNotice, SavedNotice } from "~/components/ui/page-notice";
import { requireAdminPage } from "~/features/auth/require-admin.server";
import { MemberList } from "~/features/memberships/components/admin-members";
import { ADMIN_MEMBERSHIPS_PAGE, PlanForm, PlanList } from "~/features/memberships/components/admin-membership-plans";
import { listMemberships } from "~/features/memberships/membership-accounts.server";
import { createPlan, listPlans, retirePlan, updatePlan } from "~/features/memberships/membership-plans.server";
import { MEMBERSHIP_PRICE_NOTE, membershipPlanInputSchema } from "~/features/memberships/memberships.schema";
import { listServices } from "~/features/services/index.server";
import { formFailure, formTextValues, managementState } from "~/lib/form-action.server";
import { notFound } from "~/lib/http-error";
import { parseRowId } from "~/lib/schema-fields";
import type { Route } from "./+types/memberships";

/*
 * The owner's memberships (issue 34, decision 058): the plans with their add, edit and retire forms, calling what
 * POST, PUT and DELETE /api/membership-plans call, and the members as GET /api/memberships lists them (seeing
 * them is audited, as that read is: server/audit.ts).
 */

const NOTICES = {
  created: "Plan added: it is on the memberships page for new members now.",
  updated: `Plan saved. ${MEMBERSHIP_PRICE_NOTE}`,
  retired: "Plan retired: nobody new can join it; its members go on until they cancel.",
};

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context);
  const [plans, memberships, services] = await Promise.all([
    listPlans(context.db, { withRetired: true }),
    listMemberships(context.db),
    listServices(context.db),
  ]);
  return { plans, memberships, services, ...managementState(request, plans, NOTICES) };
}

export async function action({ context, request }: Route.ActionArgs) {
  requireAdminPage(context);
  const form = await request.formData();
  const values = formTextValues(form);
  // The ticked services come as one field each; formTextValues keeps only the first.
  const serviceIds = form.getAll("serviceIds").filter((value) => typeof value === "string");
  const id = parseRowId(values.id ?? "");
  try {
    if (values.intent === "retire") {
      if (id === null) throw notFound("Membership plan");
      await retirePlan(context, id);
      return redirect(`${ADMIN_MEMBERSHIPS_PAGE}?saved=retired`, 303);
    }
    const input = membershipPlanInputSchema.parse({ ...values, serviceIds });
    if (id === null) await createPlan(context, input);
    else await updatePlan(context, id, input);
  } catch (error) {
    return formFailure(error, { values, serviceIds, id });
  }
  return redirect(`${ADMIN_MEMBERSHIPS_PAGE}?saved=${id === null ? "created" : "updated"}`, 303);
}

export const meta = () => adminMeta("Memberships");

export default function AdminMemberships({ loaderData, actionData }: Route.ComponentProps) {
  const { plans, memberships, services, editing, notice } = loaderData;
  // A save redirects, a new location: the form starts afresh; a refusal stays on this one, keeping what was typed.
  const { key: visit } = useLocation();
  const posted = actionData && actionData.values.intent !== "retire" ? actionData : undefined;
  // A refused edit stays open on the plan it was for; otherwise the address says which plan is open.
  const open = posted ? (plans.find((plan) => plan.id === posted.id) ?? null) : editing === "new" ? null : editing;
  return (
    <AdminPage title="Memberships">
      {notice && !actionData && <SavedNotice>{notice}</SavedNotice>}
      {actionData && !posted && <RefusedNotice>{actionData.message}</RefusedNotice>}
      <section aria-labelledby="plans-title" className="mb-10 grid gap-4">
        <h2 id="plans-title" className="text-2xl font-semibold">
          Plans
        </h2>
        <PlanList plans={plans} />
        <Card id="plan-form" className="grid gap-4 p-5">
          <h3 className="text-xl font-semibold">{open ? `Edit ${open.name}` : "Add a plan"}</h3>
          <p className="text-sm text-muted-foreground">
            Each plan is a product with a monthly price at your Stripe account, made when you save it.
          </p>
          <PlanForm key={`${open?.id ?? "new"}-${visit}`} plan={open} services={services} posted={posted} />
        </Card>
      </section>
      <section aria-labelledby="members-title" className="grid gap-4">
        <h2 id="members-title" className="text-2xl font-semibold">
          Members
        </h2>
        <MemberList memberships={memberships} />
      </section>
    </AdminPage>
  );
}
