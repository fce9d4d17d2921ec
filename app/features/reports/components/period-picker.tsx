import { Button } from "~/components/ui/button";
import { Input, NativeSelect } from "~/components/ui/input";
import { PERIOD_PRESETS, type PeriodChoice, type PeriodPreset } from "../reports.schema";

/**
 * The period to show: a GET form, so it works without JavaScript and the address can be bookmarked. The dates
 * are used when "Custom" is chosen; they show the period of any preset.
 */
export function PeriodPicker({
  action,
  choice,
  presets = Object.keys(PERIOD_PRESETS) as PeriodPreset[],
}: {
  action: string;
  choice: PeriodChoice;
  presets?: readonly PeriodPreset[];
}) {
  return (
    <form method="get" action={action} className="mb-6 flex flex-wrap items-end gap-3">
      <div className="grid gap-1 text-sm font-medium">
        <label htmlFor="period-preset">Period</label>
        <NativeSelect id="period-preset" name="period" defaultValue={choice.preset} className="w-40">
          {presets.map((preset) => (
            <option key={preset} value={preset}>
              {PERIOD_PRESETS[preset]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1 text-sm font-medium">
        <label htmlFor="period-from">From</label>
        <Input id="period-from" type="date" name="from" defaultValue={choice.period.from} className="w-40" />
      </div>
      <div className="grid gap-1 text-sm font-medium">
        <label htmlFor="period-to">To</label>
        <Input id="period-to" type="date" name="to" defaultValue={choice.period.to} className="w-40" />
      </div>
      <Button type="submit">Show</Button>
      {choice.problem && (
        <p role="alert" className="basis-full text-sm font-medium text-destructive">
          {choice.problem}. Showing this month instead.
        </p>
      )}
    </form>
  );
}
