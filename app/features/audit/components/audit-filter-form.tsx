import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Label, NativeSelect } from "~/components/ui/input";

interface AuditFilterFormProps {
  admins: string[];
  kinds: string[];
  admin?: string;
  kind?: string;
}

/** A GET form: the filters live in the address, so a filtered list can be shared and works without JavaScript. */
export function AuditFilterForm({ admins, kinds, admin, kind }: AuditFilterFormProps) {
  const filters = [
    { name: "admin", label: "Admin", value: admin, all: "All admins", options: admins },
    { name: "kind", label: "Kind", value: kind, all: "All kinds", options: kinds },
  ];
  return (
    <Form method="get" preventScrollReset className="mb-6 flex flex-wrap items-end gap-4" aria-label="Filter activity">
      {filters.map((filter) => (
        <div key={filter.name} className="grid gap-2">
          <Label htmlFor={`filter-${filter.name}`}>{filter.label}</Label>
          <NativeSelect
            // Remounted when the address changes (back/forward), so the menu shows the list's real filter.
            key={filter.value ?? ""}
            id={`filter-${filter.name}`}
            name={filter.name}
            defaultValue={filter.value ?? ""}
            className="w-auto min-w-48 bg-card"
          >
            <option value="">{filter.all}</option>
            {filter.options.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </NativeSelect>
        </div>
      ))}
      <Button type="submit" variant="outline">
        Filter
      </Button>
    </Form>
  );
}
