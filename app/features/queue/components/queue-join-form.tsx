import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Input, Label, NativeSelect } from "~/components/ui/input";
import type { Service } from "~/features/services";
import type { PublicTeamMember } from "~/features/team";

export interface QueueFormValues {
  name: string;
  phone: string;
  memberId: string;
  serviceIds: string[];
}

interface Props {
  services: readonly Service[];
  team: readonly PublicTeamMember[];
  values: QueueFormValues;
  fieldErrors: Record<string, string>;
  textsOffered: boolean;
}

/** The join form, posted to /queue's action: it works before and without JavaScript (post, redirect, get). */
export function QueueJoinForm({ services, team, values, fieldErrors, textsOffered }: Props) {
  const error = (name: string) =>
    fieldErrors[name] ? (
      <p id={`queue-${name}-error`} className="text-sm font-medium text-destructive">
        {fieldErrors[name]}
      </p>
    ) : null;
  const described = (name: string) =>
    fieldErrors[name] ? { "aria-describedby": `queue-${name}-error`, "aria-invalid": true } : {};
  return (
    <Form method="post" className="grid gap-5" aria-label="Join the queue">
      <div className="grid gap-2">
        <Label htmlFor="queue-name">Name</Label>
        <Input
          id="queue-name"
          name="name"
          autoComplete="name"
          required
          defaultValue={values.name}
          {...described("name")}
        />
        {error("name")}
      </div>
      <fieldset className="grid gap-2" {...described("serviceIds")}>
        <legend className="mb-1 text-sm font-medium">Services</legend>
        {services.map((service) => (
          <label key={service.id} className="flex min-h-11 items-center gap-3 text-sm">
            <input
              type="checkbox"
              name="serviceIds"
              value={service.id}
              defaultChecked={values.serviceIds.includes(String(service.id))}
              className="size-5"
            />
            {service.title} ({service.duration} min)
          </label>
        ))}
        {error("serviceIds")}
      </fieldset>
      <div className="grid gap-2">
        <Label htmlFor="queue-memberId">Barber</Label>
        <NativeSelect id="queue-memberId" name="memberId" defaultValue={values.memberId}>
          <option value="any">First free</option>
          {team.map((member) => (
            <option key={member.id} value={member.id}>
              {member.name}
            </option>
          ))}
        </NativeSelect>
        {error("memberId")}
      </div>
      <div className="grid gap-2">
        <Label htmlFor="queue-phone">Mobile (optional)</Label>
        <Input
          id="queue-phone"
          name="phone"
          type="tel"
          autoComplete="tel"
          defaultValue={values.phone}
          {...described("phone")}
        />
        {error("phone")}
      </div>
      {textsOffered && (
        <label className="flex min-h-11 items-center gap-3 text-sm">
          <input type="checkbox" name="smsConsent" value="on" className="size-5" />
          Text me when I'm nearly up and when I'm called
        </label>
      )}
      <Button type="submit" className="h-11 w-full sm:w-auto">
        Join the queue
      </Button>
    </Form>
  );
}
