import { Form, useSubmit } from "react-router";
import { Button } from "./button";
import { Label, NativeSelect } from "./input";

interface SelectFilterFormProps {
  label: string;
  /** The query-string parameter, e.g. "sort" or "category". */
  name: string;
  value: string;
  options: readonly { value: string; label: string }[];
  submitLabel: string;
  className?: string;
}

/**
 * A GET form with one native select: the choice lives in the URL, so it can be
 * shared and works without JavaScript (through the submit button). With
 * JavaScript a change applies at once and the button is not shown.
 */
export function SelectFilterForm({ label, name, value, options, submitLabel, className }: SelectFilterFormProps) {
  const submit = useSubmit();
  const id = `filter-${name}`;
  return (
    <Form method="get" preventScrollReset className={className}>
      <div className="flex items-center gap-3">
        <Label htmlFor={id} className="shrink-0 text-muted-foreground">
          {label}
        </Label>
        <NativeSelect
          // Remounted when the URL changes (back/forward), so the select always shows the list's real order.
          key={value}
          id={id}
          name={name}
          defaultValue={value}
          className="w-auto min-w-48 bg-card"
          onChange={(event) => submit(event.currentTarget.form, { preventScrollReset: true, replace: true })}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
        {/* Only browsers without JavaScript need the button: rendering it inside <noscript> means nothing moves when the page hydrates. */}
        <noscript>
          <Button type="submit" variant="outline">
            {submitLabel}
          </Button>
        </noscript>
      </div>
    </Form>
  );
}
