import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/input";
import { fieldErrorsOf, ServicesAndBarberFields } from "~/components/ui/services-and-barber-fields";
import type { Service } from "~/features/services";
import type { PublicTeamMember } from "~/features/team";

export interface JoinFormDefaults {
  date: string;
  serviceIds: string[];
  barber: string;
  earliest: string;
  latest: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
}

interface Props {
  services: readonly Service[];
  team: readonly PublicTeamMember[];
  today: string;
  defaults: JoinFormDefaults;
  fieldErrors: Record<string, string>;
  textsOffered: boolean;
}

/** A plain form posted to the page's action: it works before and without JavaScript (post, redirect, get). */
export function WaitlistJoinForm({ services, team, today, defaults, fieldErrors, textsOffered }: Props) {
  const errors = fieldErrorsOf(fieldErrors, "waitlist");
  const { error, described } = errors;
  const field = (label: string, name: keyof JoinFormDefaults, props: React.ComponentProps<"input"> = {}) => (
    <div className="grid gap-2">
      <Label htmlFor={`waitlist-${name}`}>{label}</Label>
      <Input id={`waitlist-${name}`} name={name} defaultValue={defaults[name]} {...described(name)} {...props} />
      {error(name)}
    </div>
  );
  return (
    <Form method="post" className="grid gap-5" aria-label="Join the waitlist">
      {field("Day", "date", { type: "date", min: today, required: true })}
      <ServicesAndBarberFields
        services={services}
        team={team}
        servicesName="services"
        chosenServiceIds={defaults.serviceIds}
        barberId="waitlist-memberId"
        barber={defaults.barber}
        anyoneLabel="Anyone"
        errors={errors}
      />
      <div className="grid grid-cols-2 gap-3">
        {field("Earliest start (optional)", "earliest", { type: "time" })}
        {field("Latest start (optional)", "latest", { type: "time" })}
      </div>
      {field("Name", "customerName", { autoComplete: "name", required: true })}
      {field("Email", "customerEmail", { type: "email", autoComplete: "email", required: true })}
      {field("Phone", "customerPhone", { type: "tel", autoComplete: "tel", required: true })}
      {textsOffered && (
        <label className="flex min-h-11 items-center gap-3 text-sm">
          <input type="checkbox" name="smsConsent" value="on" className="size-5" />
          Text me the offer too
        </label>
      )}
      <Button type="submit" className="h-11 w-full sm:w-auto">
        Join the waitlist
      </Button>
    </Form>
  );
}
