import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Input, Label, NativeSelect } from "~/components/ui/input";
import type { CalendarData } from "../calendar.server";

/* The desk's forms under the calendar: a walk-in recorded as it happens, and time a barber sets aside. */

export function WalkInForm({ calendar, date, back }: { calendar: CalendarData; date: string; back: string }) {
  return (
    <details className="rounded-md border border-border bg-card p-4" open>
      <summary className="cursor-pointer text-lg font-semibold">Walk-in</summary>
      <Form method="post" className="mt-3 grid gap-3">
        <input type="hidden" name="intent" value="walk-in" />
        <input type="hidden" name="back" value={back} />
        <fieldset className="grid gap-1">
          <legend className="text-sm font-medium">Services</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-1">
            {calendar.services.map((service) => (
              <label key={service.id} className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="services" value={service.id} className="size-4" />
                {service.title} ({service.duration} mins)
              </label>
            ))}
          </div>
        </fieldset>
        <div className="flex flex-wrap items-end gap-3">
          <Label className="grid gap-1">
            Barber
            <NativeSelect name="memberId" defaultValue="" className="w-auto">
              <option value="">First free</option>
              {calendar.members.map((member) => (
                <option key={member.id} value={member.id}>
                  {member.name}
                </option>
              ))}
            </NativeSelect>
          </Label>
          <Label className="grid gap-1">
            Day
            <Input type="date" name="date" defaultValue={date} className="w-auto" />
          </Label>
          <Label className="grid gap-1">
            Time (empty: now)
            <Input type="time" name="startTime" step={300} className="w-auto" />
          </Label>
          <Label className="grid gap-1">
            Name (optional)
            <Input name="customerName" maxLength={100} autoComplete="off" className="w-44" />
          </Label>
          <Label className="grid gap-1">
            Phone (optional)
            <Input name="customerPhone" type="tel" autoComplete="off" className="w-40" />
          </Label>
          <Button type="submit">Record walk-in</Button>
        </div>
      </Form>
    </details>
  );
}

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
