import type { Service } from "../services.schema";

interface ServiceChecklistProps {
  services: readonly Pick<Service, "id" | "title" | "duration">[];
  /** The ticked services' ids, as strings (the forms' and the API's shape). */
  value: readonly string[];
  onChange: (ids: string[]) => void;
  /** Shows each service's length, for choosing what fits a time. */
  withDuration?: boolean;
  /** The field the ticked ids are posted as, for a form that works without JavaScript. */
  name?: string;
}

/** The admin's way to tick several services: a barber's skills, a caller's appointment. */
export function ServiceChecklist({ services, value, onChange, withDuration = false, name }: ServiceChecklistProps) {
  return (
    <fieldset className="grid gap-1.5 sm:grid-cols-2">
      <legend className="mb-1 text-sm font-semibold">Services</legend>
      {services.map((service) => {
        const id = String(service.id);
        return (
          <label key={id} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name={name}
              value={id}
              checked={value.includes(id)}
              onChange={(event) =>
                onChange(event.target.checked ? [...value, id] : value.filter((other) => other !== id))
              }
              className="size-5 shrink-0 accent-[var(--color-primary)]"
            />
            {withDuration ? `${service.title} (${service.duration} mins)` : service.title}
          </label>
        );
      })}
    </fieldset>
  );
}
