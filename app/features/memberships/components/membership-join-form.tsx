import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/input";
import { formatPounds } from "~/lib/money";
import { membershipTerms, type MembershipPlan } from "../memberships.schema";

/* The /memberships page's plain form: one plan's terms, said in words before payment, and joining it. */

type Values = Record<string, string>;

function Field({
  plan,
  name,
  label,
  values,
  errors,
  input,
}: {
  plan: number;
  name: string;
  label: string;
  values: Values;
  errors: Record<string, string>;
  input: React.ComponentProps<"input">;
}) {
  const id = `member-${plan}-${name}`;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        name={name}
        defaultValue={values[name] ?? ""}
        {...(errors[name] ? { "aria-describedby": `${id}-error`, "aria-invalid": true } : {})}
        {...input}
      />
      {errors[name] && (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {errors[name]}
        </p>
      )}
    </div>
  );
}

interface JoinProps {
  plan: MembershipPlan;
  values: Values;
  errors: Record<string, string>;
}

/** Posted to the page's action, which sends the member on to Stripe's Checkout: it works without JavaScript. */
export function MembershipJoinForm({ plan, values, errors }: JoinProps) {
  return (
    <Form method="post" className="grid gap-4" aria-label={`Join ${plan.name}`}>
      <p className="text-2xl font-semibold">{formatPounds(plan.monthlyPrice)} a month</p>
      {plan.description && <p>{plan.description}</p>}
      <ul className="list-disc space-y-1 pl-5 text-sm">
        {membershipTerms(plan).map((term) => (
          <li key={term}>{term}</li>
        ))}
      </ul>
      <input type="hidden" name="planId" value={plan.id} />
      <Field
        plan={plan.id}
        name="name"
        label="Your name"
        values={values}
        errors={errors}
        input={{ autoComplete: "name", required: true }}
      />
      <Field
        plan={plan.id}
        name="email"
        label="Your email (book with it to use your visits)"
        values={values}
        errors={errors}
        input={{ type: "email", autoComplete: "email", required: true }}
      />
      <Field
        plan={plan.id}
        name="phone"
        label="Your phone (optional)"
        values={values}
        errors={errors}
        input={{ type: "tel", autoComplete: "tel" }}
      />
      <Button type="submit" className="min-h-11">
        Join for {formatPounds(plan.monthlyPrice)} a month
      </Button>
    </Form>
  );
}
