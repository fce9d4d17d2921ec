import { Label, NativeSelect } from "./input";

/*
 * The part the public join forms share (the walk-in queue's and the waitlist's): the services ticked, the barber
 * or "anyone", and each field's error beside it, tied to it for screen readers. Plain inputs in a posted form, so
 * they work before and without JavaScript.
 */

/** A posted form's field errors as its fields show them: the message beside the field, and the ids that tie them. */
export function fieldErrorsOf(fieldErrors: Record<string, string>, idPrefix: string) {
  const errorId = (name: string) => `${idPrefix}-${name}-error`;
  return {
    error: (name: string) =>
      fieldErrors[name] ? (
        <p id={errorId(name)} className="text-sm font-medium text-destructive">
          {fieldErrors[name]}
        </p>
      ) : null,
    described: (name: string) =>
      fieldErrors[name] ? { "aria-describedby": errorId(name), "aria-invalid": true as const } : {},
  };
}

type FieldErrors = ReturnType<typeof fieldErrorsOf>;

interface Props {
  services: readonly { id: number | string; title: string; duration: number }[];
  team: readonly { id: number | string; name: string }[];
  /** The checkboxes' name, as the form's action reads it. */
  servicesName: string;
  chosenServiceIds: readonly string[];
  /** The select's id (its label's `for`); its name is `memberId`, "any" for no one in particular. */
  barberId: string;
  barber: string;
  anyoneLabel: string;
  errors: FieldErrors;
}

export function ServicesAndBarberFields({
  services,
  team,
  servicesName,
  chosenServiceIds,
  barberId,
  barber,
  anyoneLabel,
  errors,
}: Props) {
  return (
    <>
      <fieldset className="grid gap-2" {...errors.described(servicesName)}>
        <legend className="mb-1 text-sm font-medium">Services</legend>
        {services.map((service) => (
          <label key={service.id} className="flex min-h-11 items-center gap-3 text-sm">
            <input
              type="checkbox"
              name={servicesName}
              value={service.id}
              defaultChecked={chosenServiceIds.includes(String(service.id))}
              className="size-5"
            />
            {service.title} ({service.duration} min)
          </label>
        ))}
        {errors.error(servicesName)}
      </fieldset>
      <div className="grid gap-2">
        <Label htmlFor={barberId}>Barber</Label>
        <NativeSelect id={barberId} name="memberId" defaultValue={barber}>
          <option value="any">{anyoneLabel}</option>
          {team.map((member) => (
            <option key={member.id} value={member.id}>
              {member.name}
            </option>
          ))}
        </NativeSelect>
        {errors.error("memberId")}
      </div>
    </>
  );
}
