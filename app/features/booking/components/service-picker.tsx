import { type Service, SERVICE_CATEGORIES, SERVICE_CATEGORY_HEADINGS, useServicePriceLine } from "~/features/services";

interface ServicePickerProps {
  services: readonly Service[];
  /** Chosen service ids, as strings like the booking request carries them. */
  selected: readonly string[];
  onToggle: (id: string, checked: boolean) => void;
  /** The id of the GET form the checkboxes belong to (as `service`), for the page without JavaScript. */
  form: string;
}

/**
 * The services grouped by category, each group a card of checkboxes. Native checkboxes, so that they can be
 * ticked and sent before and without JavaScript.
 */
export function ServicePicker({ services, selected, onToggle, form }: ServicePickerProps) {
  const priceLine = useServicePriceLine();
  const groups = SERVICE_CATEGORIES.map((category) => ({
    category,
    services: services.filter((service) => service.category === category),
  })).filter((group) => group.services.length > 0);

  if (groups.length === 0) {
    return (
      <p className="rounded-[var(--radius-card)] border border-border bg-card p-5 text-muted-foreground">
        No services are available to book right now.
      </p>
    );
  }

  return (
    <div className="grid gap-4">
      {groups.map((group) => (
        <section
          key={group.category}
          aria-labelledby={`services-${group.category}`}
          className="rounded-[var(--radius-card)] border border-border bg-card shadow-sm"
        >
          <h3 id={`services-${group.category}`} className="border-b border-border px-5 py-3 text-lg font-semibold">
            {SERVICE_CATEGORY_HEADINGS[group.category]}
          </h3>
          <ul className="divide-y divide-border">
            {group.services.map((service) => {
              const id = String(service.id);
              const inputId = `service-${id}`;
              const checked = selected.includes(id);
              return (
                <li
                  key={id}
                  className="flex items-start gap-3 px-5 py-3 transition-colors hover:bg-muted/60 has-[:checked]:bg-muted"
                >
                  <input
                    id={inputId}
                    type="checkbox"
                    form={form}
                    name="service"
                    value={id}
                    checked={checked}
                    onChange={(event) => onToggle(id, event.currentTarget.checked)}
                    aria-labelledby={`${inputId}-title`}
                    aria-describedby={`${inputId}-details`}
                    className="mt-0.5 size-5 shrink-0 cursor-pointer accent-[var(--color-primary)]"
                  />
                  <label htmlFor={inputId} className="grid min-w-0 flex-1 cursor-pointer gap-0.5">
                    <span id={`${inputId}-title`} className="font-semibold">
                      {service.title}
                    </span>
                    <span id={`${inputId}-details`} className="text-sm text-muted-foreground">
                      <span className="font-semibold text-foreground">{priceLine(service.price)}</span> ·{" "}
                      {service.duration} mins
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
