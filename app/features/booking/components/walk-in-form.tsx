import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { FormField, FormProblem } from "~/components/ui/form-field";
import { Input, NativeSelect } from "~/components/ui/input";
import type { CalendarData } from "../calendar.server";

/** The calendar action's answer to a refused walk-in: the message, per field, and what was typed. */
export interface WalkInFailure {
  message: string;
  fieldErrors: Record<string, string>;
  values?: Record<string, string>;
  services?: string[];
}

const FIELDS = ["services", "memberId", "date", "startTime", "customerName", "customerPhone"] as const;

/**
 * The desk's walk-in: services, barber, day and time (empty: now, on the shop's clock), an optional name and
 * phone. A refusal is shown beside the field it is about (a time nobody is free at under the time), and
 * anything else next to the button; what was typed stays typed.
 */
export function WalkInForm({
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
  // A new key after each refusal re-renders the uncontrolled inputs with what was posted.
  return (
    <details id="walk-in" className="scroll-mt-24 rounded-md border border-border bg-card p-4" open>
      <summary className="cursor-pointer text-lg font-semibold">Walk-in</summary>
      <Form method="post" className="mt-3 grid gap-3" key={failure ? JSON.stringify(failure) : "walk-in"}>
        <input type="hidden" name="intent" value="walk-in" />
        <input type="hidden" name="back" value={back} />
        <fieldset
          className="grid gap-1"
          aria-invalid={Boolean(error("services"))}
          aria-describedby={error("services") ? "walk-in-services-error" : undefined}
        >
          <legend className="text-sm font-medium">Services</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-1">
            {calendar.services.map((service) => (
              <label key={service.id} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name="services"
                  value={service.id}
                  defaultChecked={failure?.services?.includes(String(service.id))}
                  className="size-4"
                />
                {service.title} ({service.duration} mins)
              </label>
            ))}
          </div>
          {error("services") && (
            <p id="walk-in-services-error" role="alert" className="text-sm font-medium text-destructive">
              {error("services")}
            </p>
          )}
        </fieldset>
        <div className="flex flex-wrap items-start gap-3">
          <FormField label="Barber" error={error("memberId")}>
            {(field) => (
              <NativeSelect {...field} name="memberId" defaultValue={typed.memberId ?? ""} className="w-auto">
                <option value="">First free</option>
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
              <Input {...field} type="date" name="date" defaultValue={typed.date ?? date} className="w-auto" />
            )}
          </FormField>
          <FormField label="Time (empty: now)" error={error("startTime")} className="max-w-72">
            {(field) => (
              <Input
                {...field}
                type="time"
                name="startTime"
                step={300}
                defaultValue={typed.startTime ?? ""}
                className="w-auto"
              />
            )}
          </FormField>
          <FormField label="Name (optional)" error={error("customerName")}>
            {(field) => (
              <Input
                {...field}
                name="customerName"
                maxLength={100}
                autoComplete="off"
                defaultValue={typed.customerName ?? ""}
                className="w-44"
              />
            )}
          </FormField>
          <FormField label="Phone (optional)" error={error("customerPhone")}>
            {(field) => (
              <Input
                {...field}
                name="customerPhone"
                type="tel"
                autoComplete="off"
                defaultValue={typed.customerPhone ?? ""}
                className="w-40"
              />
            )}
          </FormField>
          <Button type="submit" className="self-end">
            Record walk-in
          </Button>
        </div>
        <FormProblem failure={failure} shownOnFields={FIELDS} />
      </Form>
    </details>
  );
}
