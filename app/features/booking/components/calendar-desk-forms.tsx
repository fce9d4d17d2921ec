import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { FormField, FormProblem } from "~/components/ui/form-field";
import { Input, NativeSelect } from "~/components/ui/input";
import type { CalendarData } from "../calendar.server";
import type { WalkInFailure } from "./walk-in-form";

/* Time a barber sets aside, under the calendar (the walk-in form is walk-in-form.tsx). */

const FIELDS = ["memberId", "date", "start", "end", "note"] as const;

/**
 * A refusal is shown beside the field it is about (a taken time under From), anything else next to the button,
 * and what was typed stays typed, as on the walk-in form.
 */
export function BlockForm({
  calendar,
  date,
  back,
  failure,
}: {
  calendar: CalendarData;
  date: string;
  back: string;
  failure?: WalkInFailure | undefined;
}) {
  const typed = failure?.values ?? {};
  const error = (name: (typeof FIELDS)[number]) => failure?.fieldErrors[name];
  return (
    <details id="block" className="scroll-mt-24 rounded-md border border-border bg-card p-4" open>
      <summary className="cursor-pointer text-lg font-semibold">Block time</summary>
      <Form method="post" className="mt-3 grid gap-3" key={failure ? JSON.stringify(failure) : "block"}>
        <input type="hidden" name="intent" value="block" />
        <input type="hidden" name="back" value={back} />
        <div className="flex flex-wrap items-start gap-3">
          <FormField label="Barber" error={error("memberId")}>
            {(field) => (
              <NativeSelect {...field} name="memberId" defaultValue={typed.memberId} className="w-auto">
                {calendar.members.map((member) => (
                  <option key={member.id} value={member.id}>
                    {member.name}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField label="Day" error={error("date")}>
            {(field) => (
              <Input {...field} type="date" name="date" defaultValue={typed.date ?? date} required className="w-auto" />
            )}
          </FormField>
          <FormField label="From" error={error("start")}>
            {(field) => (
              <Input
                {...field}
                type="time"
                name="start"
                step={300}
                defaultValue={typed.start}
                required
                className="w-auto"
              />
            )}
          </FormField>
          <FormField label="To" error={error("end")}>
            {(field) => (
              <Input
                {...field}
                type="time"
                name="end"
                step={300}
                defaultValue={typed.end}
                required
                className="w-auto"
              />
            )}
          </FormField>
          <FormField label="Note" error={error("note")}>
            {(field) => (
              <Input
                {...field}
                name="note"
                maxLength={200}
                placeholder="Lunch"
                defaultValue={typed.note}
                className="w-36"
              />
            )}
          </FormField>
          <Button type="submit" className="self-end">
            Block time
          </Button>
        </div>
        <FormProblem failure={failure} shownOnFields={FIELDS} />
      </Form>
    </details>
  );
}
