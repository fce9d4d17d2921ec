import { FormField } from "~/components/ui/form-field";
import { Input, NativeSelect } from "~/components/ui/input";
import type { PayFormValues } from "../team-form-data";
import { PAY_KIND_LABELS, RENT_PERIODS, type PayKind } from "../pay.schema";

/**
 * How the member is paid (decision 054): every field is on the form at once, so it posts without JavaScript;
 * only the fields of the chosen kind count.
 */
export function PayFields({ value, onChange }: { value: PayFormValues; onChange: (value: PayFormValues) => void }) {
  const set = (key: keyof PayFormValues) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    onChange({ ...value, [key]: event.target.value });
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-1 text-sm font-semibold">Pay</legend>
      <p className="text-xs text-muted-foreground">
        What the reports work out they are owed. Commission: a share of what their services and products took (whole or
        half percents), plus their tips. Chair rent: they keep their takings and tips, less the rent for each week or
        month.
      </p>
      <FormField label="Paid by">
        {(field) => (
          <NativeSelect {...field} name="pay.kind" value={value.kind} onChange={set("kind")}>
            {(Object.keys(PAY_KIND_LABELS) as PayKind[]).map((kind) => (
              <option key={kind} value={kind}>
                {PAY_KIND_LABELS[kind]}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <div className="grid grid-cols-2 gap-2">
        <FormField label="Commission on services (%)">
          {(field) => (
            <Input
              {...field}
              name="pay.servicePercent"
              inputMode="decimal"
              value={value.servicePercent}
              onChange={set("servicePercent")}
            />
          )}
        </FormField>
        <FormField label="Commission on products (%)">
          {(field) => (
            <Input
              {...field}
              name="pay.productPercent"
              inputMode="decimal"
              value={value.productPercent}
              onChange={set("productPercent")}
            />
          )}
        </FormField>
        <FormField label="Chair rent (£)">
          {(field) => (
            <Input {...field} name="pay.amount" inputMode="decimal" value={value.amount} onChange={set("amount")} />
          )}
        </FormField>
        <FormField label="Rent per">
          {(field) => (
            <NativeSelect {...field} name="pay.period" value={value.period} onChange={set("period")}>
              {RENT_PERIODS.map((period) => (
                <option key={period} value={period}>
                  {period === "week" ? "Week (Monday–Sunday)" : "Calendar month"}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
      </div>
    </fieldset>
  );
}
