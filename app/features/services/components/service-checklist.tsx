import { Checkbox } from "~/components/ui/checkbox";
import type { Service } from "../services.schema";

interface ServiceChecklistProps {
  services: readonly Pick<Service, "id" | "title" | "duration">[];
  /** The ticked services' ids, as strings (the forms' and the API's shape). */
  value: readonly string[];
  onChange: (ids: string[]) => void;
  /** Shows each service's length, for choosing what fits a time. */
  withDuration?: boolean;
}

/** The admin's way to tick several services: a barber's skills, a caller's appointment. */
export function ServiceChecklist({ services, value, onChange, withDuration = false }: ServiceChecklistProps) {
  return (
    <fieldset className="grid gap-1.5 sm:grid-cols-2">
      <legend className="mb-1 text-sm font-semibold">Services</legend>
      {services.map((service) => {
        const id = String(service.id);
        return (
          <label key={id} className="flex items-center gap-2 text-sm">
            <Checkbox
              checked={value.includes(id)}
              onCheckedChange={(checked) =>
                onChange(checked === true ? [...value, id] : value.filter((other) => other !== id))
              }
            />
            {withDuration ? `${service.title} (${service.duration} mins)` : service.title}
          </label>
        );
      })}
    </fieldset>
  );
}
