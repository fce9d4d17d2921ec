import type { PublicTeamMember } from "~/features/team";
import { cn } from "~/lib/cn";
import { ANYONE } from "../use-booking-flow";

interface BarberPickerProps {
  /** Only the members who do every chosen service. */
  members: readonly PublicTeamMember[];
  value: string;
  onChange: (value: string) => void;
  /** The id of the GET form the radios belong to (as `barber`), for the page without JavaScript. */
  form: string;
}

/** "Anyone" or one barber, as a radio group of cards. */
export function BarberPicker({ members, value, onChange, form }: BarberPickerProps) {
  const options = [
    { value: ANYONE, name: "Anyone", detail: "The first free barber" },
    ...members.map((member) => ({ value: String(member.id), name: member.name, detail: member.bio })),
  ];
  return (
    <fieldset className="grid gap-2 sm:grid-cols-2">
      <legend className="sr-only">Choose a barber</legend>
      {options.map((option) => {
        const id = `barber-${option.value}`;
        const checked = option.value === value;
        return (
          <label
            key={option.value}
            htmlFor={id}
            className={cn(
              "flex min-h-11 cursor-pointer items-start gap-3 rounded-md border px-4 py-3 transition-colors",
              checked ? "border-primary bg-muted" : "border-input bg-card hover:bg-muted/60",
            )}
          >
            <input
              id={id}
              type="radio"
              form={form}
              name="barber"
              value={option.value}
              checked={checked}
              onChange={() => onChange(option.value)}
              className="mt-1 size-4 accent-[var(--color-primary)]"
            />
            <span className="grid gap-0.5">
              <span className="font-semibold">{option.name}</span>
              {option.detail && <span className="text-sm text-muted-foreground">{option.detail}</span>}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
