import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/input";
import { fieldErrorsOf, ServicesAndBarberFields } from "~/components/ui/services-and-barber-fields";
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
  const errors = fieldErrorsOf(fieldErrors, "queue");
  const { error, described } = errors;
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
      <ServicesAndBarberFields
        services={services}
        team={team}
        servicesName="serviceIds"
        chosenServiceIds={values.serviceIds}
        barberId="queue-memberId"
        barber={values.memberId}
        anyoneLabel="First free"
        errors={errors}
      />
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
