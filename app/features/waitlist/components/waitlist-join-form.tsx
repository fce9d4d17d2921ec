import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Input, Label, NativeSelect } from "~/components/ui/input";
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
  const error = (name: string) =>
    fieldErrors[name] ? (
      <p id={`${name}-error`} className="text-sm font-medium text-destructive">
        {fieldErrors[name]}
      </p>
    ) : null;
  const described = (name: string) =>
    fieldErrors[name] ? { "aria-describedby": `${name}-error`, "aria-invalid": true } : {};
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
      <fieldset className="grid gap-2" {...described("services")}>
        <legend className="mb-1 text-sm font-medium">Services</legend>
        {services.map((service) => (
          <label key={service.id} className="flex min-h-11 items-center gap-3 text-sm">
            <input
              type="checkbox"
              name="services"
              value={service.id}
              defaultChecked={defaults.serviceIds.includes(String(service.id))}
              className="size-5"
            />
            {service.title} ({service.duration} min)
          </label>
        ))}
        {error("services")}
      </fieldset>
      <div className="grid gap-2">
        <Label htmlFor="waitlist-memberId">Barber</Label>
        <NativeSelect id="waitlist-memberId" name="memberId" defaultValue={defaults.barber}>
          <option value="any">Anyone</option>
          {team.map((member) => (
            <option key={member.id} value={member.id}>
              {member.name}
            </option>
          ))}
        </NativeSelect>
        {error("memberId")}
      </div>
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
