import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Input, Label, NativeSelect } from "~/components/ui/input";
import type { CalendarData } from "../calendar.server";

/* Time a barber sets aside, under the calendar (the walk-in form is walk-in-form.tsx). */

export function BlockForm({ calendar, date, back }: { calendar: CalendarData; date: string; back: string }) {
  return (
    <details className="rounded-md border border-border bg-card p-4" open>
      <summary className="cursor-pointer text-lg font-semibold">Block time</summary>
      <Form method="post" className="mt-3 flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="block" />
        <input type="hidden" name="back" value={back} />
        <Label className="grid gap-1">
          Barber
          <NativeSelect name="memberId" required className="w-auto">
            {calendar.members.map((member) => (
              <option key={member.id} value={member.id}>
                {member.name}
              </option>
            ))}
          </NativeSelect>
        </Label>
        <Label className="grid gap-1">
          Day
          <Input type="date" name="date" defaultValue={date} required className="w-auto" />
        </Label>
        <Label className="grid gap-1">
          From
          <Input type="time" name="start" step={300} required className="w-auto" />
        </Label>
        <Label className="grid gap-1">
          To
          <Input type="time" name="end" step={300} required className="w-auto" />
        </Label>
        <Label className="grid gap-1">
          Note
          <Input name="note" maxLength={200} placeholder="Lunch" className="w-36" />
        </Label>
        <Button type="submit">Block time</Button>
      </Form>
    </details>
  );
}
