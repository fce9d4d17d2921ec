import { useState } from "react";
import { Link, useFetcher } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { FormField, FormProblem } from "~/components/ui/form-field";
import { Input, Textarea } from "~/components/ui/input";
import { EmptyState } from "~/components/ui/empty-state";
import { type Service, ServiceChecklist } from "~/features/services";
import { formatPounds } from "~/lib/money";
import { MEMBERSHIP_PRICE_NOTE, VISITS_PER_MONTH, type MembershipPlan } from "../memberships.schema";

/*
 * The owner's plans on /admin/memberships: adding, changing and retiring one. Each form posts to the page's
 * action (plain forms without JavaScript, a fetcher once hydrated), which calls what the plans API calls.
 */

export const ADMIN_MEMBERSHIPS_PAGE = "/admin/memberships";

/** What the page's action answers to a refused post: the schema's or Stripe's message, with what was typed. */
export interface PlanFormFailure {
  message: string;
  fieldErrors: Record<string, string>;
  values: Record<string, string>;
  serviceIds: string[];
  id: number | null;
}

const PLAN_FIELDS = ["name", "monthlyPrice", "visitsPerMonth", "serviceIds", "description"] as const;

interface PlanFormProps {
  plan: MembershipPlan | null;
  services: readonly Service[];
  /** The refusal of a post made without JavaScript (the page's action data). */
  posted: PlanFormFailure | undefined;
}

export function PlanForm({ plan, services, posted }: PlanFormProps) {
  const fetcher = useFetcher<PlanFormFailure>();
  const failure = fetcher.data ?? posted;
  const values = failure?.values;
  const [serviceIds, setServiceIds] = useState<string[]>(
    failure?.serviceIds ?? (plan ? plan.serviceIds.map(String) : []),
  );
  const initial = (name: (typeof PLAN_FIELDS)[number], fromPlan: string | number | null | undefined) =>
    values?.[name] ?? String(fromPlan ?? "");
  const errors = failure?.fieldErrors ?? {};
  return (
    <fetcher.Form
      method="post"
      action={ADMIN_MEMBERSHIPS_PAGE}
      noValidate
      className="grid gap-4"
      aria-label={plan ? `Edit ${plan.name}` : "Add a plan"}
    >
      {plan && <input type="hidden" name="id" value={plan.id} />}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Name" error={errors.name}>
          {(field) => <Input {...field} name="name" defaultValue={initial("name", plan?.name)} required />}
        </FormField>
        <FormField
          label="Monthly price (£)"
          error={errors.monthlyPrice}
          hint={plan ? MEMBERSHIP_PRICE_NOTE : undefined}
        >
          {(field) => (
            <Input
              {...field}
              name="monthlyPrice"
              type="number"
              step="0.01"
              min="1"
              inputMode="decimal"
              defaultValue={initial("monthlyPrice", plan?.monthlyPrice)}
              required
            />
          )}
        </FormField>
        <FormField label="Visits per month" error={errors.visitsPerMonth}>
          {(field) => (
            <Input
              {...field}
              name="visitsPerMonth"
              type="number"
              step="1"
              min={VISITS_PER_MONTH.min}
              max={VISITS_PER_MONTH.max}
              inputMode="numeric"
              defaultValue={initial("visitsPerMonth", plan?.visitsPerMonth)}
              required
            />
          )}
        </FormField>
      </div>
      <div className="grid gap-2">
        <ServiceChecklist services={services} value={serviceIds} onChange={setServiceIds} name="serviceIds" />
        {errors.serviceIds && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {errors.serviceIds}
          </p>
        )}
      </div>
      <FormField label="Description (optional)" error={errors.description}>
        {(field) => (
          <Textarea {...field} name="description" rows={2} defaultValue={initial("description", plan?.description)} />
        )}
      </FormField>
      <FormProblem failure={failure} shownOnFields={PLAN_FIELDS} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {plan && (
          <Button asChild variant="outline">
            <Link to={ADMIN_MEMBERSHIPS_PAGE}>Cancel</Link>
          </Button>
        )}
        <Button type="submit" disabled={fetcher.state !== "idle"}>
          {plan ? "Save plan" : "Add plan"}
        </Button>
      </div>
    </fetcher.Form>
  );
}

/**
 * Retire: without JavaScript the button posts at once (as the other screens' bins do); hydrated, it asks
 * first and says what retiring does.
 */
function RetirePlan({ plan }: { plan: MembershipPlan }) {
  const fetcher = useFetcher<PlanFormFailure>();
  const [asking, setAsking] = useState(false);
  return (
    <fetcher.Form
      method="post"
      action={ADMIN_MEMBERSHIPS_PAGE}
      onSubmit={(event) => {
        event.preventDefault();
        setAsking(true);
      }}
    >
      <input type="hidden" name="intent" value="retire" />
      <input type="hidden" name="id" value={plan.id} />
      <Button type="submit" variant="outline" size="sm" disabled={fetcher.state !== "idle"}>
        Retire<span className="sr-only"> {plan.name}</span>
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={`Retire ${plan.name}?`}
        description="Nobody new can join it. Its members go on, and pay as they do now, until they cancel."
        confirmLabel="Retire plan"
        onConfirm={() =>
          void fetcher.submit(
            { intent: "retire", id: String(plan.id) },
            { method: "post", action: ADMIN_MEMBERSHIPS_PAGE },
          )
        }
      />
      {fetcher.data && (
        <p role="alert" className="mt-2 text-sm font-medium text-destructive">
          {fetcher.data.message}
        </p>
      )}
    </fetcher.Form>
  );
}

export function PlanList({ plans }: { plans: readonly MembershipPlan[] }) {
  if (plans.length === 0) return <EmptyState>No plans yet. Add the first one below.</EmptyState>;
  return (
    <ul className="grid gap-4 md:grid-cols-2" aria-label="Plans">
      {plans.map((plan) => (
        <li key={plan.id}>
          <Card className="grid h-full gap-2 p-4 text-sm">
            <span className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="text-lg font-semibold">{plan.name}</h3>
              <Badge variant={plan.active ? "outline" : "warning"}>{plan.active ? "Active" : "Retired"}</Badge>
            </span>
            <p className="text-base font-bold text-accent-text">{formatPounds(plan.monthlyPrice)} a month</p>
            <p>
              {plan.visitsPerMonth === 1 ? "1 visit" : `${plan.visitsPerMonth} visits`} a month for{" "}
              {plan.services.join(", ")}
            </p>
            {plan.description && <p className="text-muted-foreground">{plan.description}</p>}
            <div className="mt-auto flex flex-wrap gap-2 pt-2">
              <Button asChild variant="outline" size="sm">
                <Link to={`${ADMIN_MEMBERSHIPS_PAGE}?edit=${plan.id}#plan-form`}>
                  Edit<span className="sr-only"> {plan.name}</span>
                </Link>
              </Button>
              {plan.active && <RetirePlan plan={plan} />}
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}
