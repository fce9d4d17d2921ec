import { Plus, Trash2 } from "lucide-react";
import { useFieldArray, type Control, type UseFormRegister } from "react-hook-form";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import type { SettingsInput } from "../settings.schema";
import { WEEKDAY_NAMES } from "../shop-settings";

/* The settings form's editors of lists: each weekday's opening times and the closures. */

interface ArrayEditorProps {
  control: Control<SettingsInput>;
  register: UseFormRegister<SettingsInput>;
  messageOf: (path: string) => string | undefined;
}

const NEW_RANGE = { start: "09:00", end: "17:00" };

/** A further range starts where the last one ends and lasts an hour, so it never overlaps by default. */
function nextRange(last: { end: string } | undefined) {
  if (!last) return NEW_RANGE;
  const hour = Math.min(Number(last.end.slice(0, 2)) + 1, 23);
  return { start: last.end, end: hour === 23 ? "23:59" : `${String(hour).padStart(2, "0")}${last.end.slice(2)}` };
}

/** One weekday: open or closed, and its time ranges. */
export function DayHours({ day, control, register, messageOf }: ArrayEditorProps & { day: number }) {
  const name = WEEKDAY_NAMES[day]!;
  const { fields, append, remove, replace } = useFieldArray({ control, name: `openingHours.${day}.ranges` });
  const open = fields.length > 0;
  const dayError = messageOf(`openingHours.${day}.ranges`);
  return (
    <fieldset className="grid gap-3 rounded-md border border-border p-3 sm:grid-cols-[10rem_1fr] sm:items-start">
      <legend className="sr-only">{name}</legend>
      <div className="flex items-center gap-3 sm:pt-2">
        <Checkbox
          id={`open-${day}`}
          checked={open}
          onCheckedChange={(checked) => replace(checked === true ? [NEW_RANGE] : [])}
        />
        <label htmlFor={`open-${day}`} className="font-semibold">
          {name}
          <span className="sr-only"> open</span>
        </label>
      </div>
      <div className="grid gap-2">
        <div className="flex flex-wrap items-end gap-x-5 gap-y-2">
          {!open && <p className="text-sm text-muted-foreground sm:pt-2">Closed</p>}
          {!open && (
            <noscript>
              <SpareTimes day={day} />
            </noscript>
          )}
          {fields.map((field, index) => (
            <div key={field.id} className="flex items-end gap-2">
              <FormField
                label={`Opens${fields.length > 1 ? ` (${index + 1})` : ""}`}
                error={messageOf(`openingHours.${day}.ranges.${index}.start`)}
                className="w-32"
              >
                {(props) => (
                  <Input
                    {...props}
                    {...register(`openingHours.${day}.ranges.${index}.start`)}
                    defaultValue={field.start}
                    type="time"
                  />
                )}
              </FormField>
              <FormField
                label={`Closes${fields.length > 1 ? ` (${index + 1})` : ""}`}
                error={messageOf(`openingHours.${day}.ranges.${index}.end`)}
                className="w-32"
              >
                {(props) => (
                  <Input
                    {...props}
                    {...register(`openingHours.${day}.ranges.${index}.end`)}
                    defaultValue={field.end}
                    type="time"
                  />
                )}
              </FormField>
              {fields.length > 1 && (
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  onClick={() => remove(index)}
                  aria-label={`Remove ${name} time range ${index + 1}`}
                >
                  <Trash2 aria-hidden className="text-destructive" />
                </Button>
              )}
            </div>
          ))}
          {open && (
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="noscript:hidden"
              onClick={() => append(nextRange(fields.at(-1)))}
            >
              <Plus aria-hidden />
              Add time range<span className="sr-only"> on {name}</span>
            </Button>
          )}
        </div>
        {dayError && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {dayError}
          </p>
        )}
      </div>
    </fieldset>
  );
}

/** Dated closures: add and remove rows. */
export function Closures({ control, register, messageOf }: ArrayEditorProps) {
  const { fields, append, remove } = useFieldArray({ control, name: "closures" });
  return (
    <div className="grid gap-3">
      {fields.length === 0 && <p className="text-sm text-muted-foreground">No closures planned.</p>}
      {fields.map((field, index) => (
        <fieldset
          key={field.id}
          className="grid gap-3 rounded-md border border-border p-3 sm:grid-cols-[10rem_10rem_1fr_auto] sm:items-end"
        >
          <legend className="sr-only">Closure {index + 1}</legend>
          <FormField label="First day" error={messageOf(`closures.${index}.from`)}>
            {(props) => (
              <Input {...props} {...register(`closures.${index}.from`)} defaultValue={field.from} type="date" />
            )}
          </FormField>
          <FormField label="Last day" error={messageOf(`closures.${index}.to`)}>
            {(props) => <Input {...props} {...register(`closures.${index}.to`)} defaultValue={field.to} type="date" />}
          </FormField>
          <FormField label="Note" error={messageOf(`closures.${index}.note`)}>
            {(props) => (
              <Input
                {...props}
                {...register(`closures.${index}.note`)}
                defaultValue={field.note}
                placeholder="Closed for Christmas"
              />
            )}
          </FormField>
          <Button type="button" variant="outline" onClick={() => remove(index)} className="noscript:hidden">
            <Trash2 aria-hidden />
            Remove<span className="sr-only"> closure {index + 1}</span>
          </Button>
          <noscript>
            <label className="flex items-center gap-2 text-sm sm:pb-2">
              <input type="checkbox" name={`closures.${index}.remove`} className="size-4" />
              Remove<span className="sr-only"> closure {index + 1}</span>
            </label>
          </noscript>
        </fieldset>
      ))}
      <noscript>
        <SpareClosure index={fields.length} />
      </noscript>
      {messageOf("closures") && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {messageOf("closures")}
        </p>
      )}
      <Button
        type="button"
        variant="outline"
        className="justify-self-start noscript:hidden"
        onClick={() => append({ from: "", to: "", note: "" })}
      >
        <Plus aria-hidden />
        Add closure
      </Button>
    </div>
  );
}

/*
 * Without JavaScript the add and remove buttons cannot change the rows, so the server's HTML carries spare
 * blank rows inside <noscript> (a browser running scripts ignores them): filled in, they are a new range or
 * closure; left blank, the page's action drops them.
 */

function SpareTimes({ day }: { day: number }) {
  const name = WEEKDAY_NAMES[day]!;
  return (
    <span className="flex items-end gap-2">
      {(["start", "end"] as const).map((end) => (
        <label key={end} className="grid w-32 gap-2 text-sm font-medium">
          {end === "start" ? "Opens" : "Closes"}
          <span className="sr-only"> on {name}</span>
          <input
            type="time"
            name={`openingHours.${day}.ranges.0.${end}`}
            className="h-10 rounded-md border border-input bg-card px-3"
          />
        </label>
      ))}
    </span>
  );
}

function SpareClosure({ index }: { index: number }) {
  const field = (label: string, key: "from" | "to" | "note", type: string) => (
    <label className="grid gap-2 text-sm font-medium">
      {label}
      <input
        type={type}
        name={`closures.${index}.${key}`}
        className="h-10 rounded-md border border-input bg-card px-3"
      />
    </label>
  );
  return (
    <fieldset className="grid gap-3 rounded-md border border-dashed border-border p-3 sm:grid-cols-[10rem_10rem_1fr]">
      <legend className="px-1 text-sm font-medium">New closure</legend>
      {field("First day", "from", "date")}
      {field("Last day", "to", "date")}
      {field("Note", "note", "text")}
    </fieldset>
  );
}
