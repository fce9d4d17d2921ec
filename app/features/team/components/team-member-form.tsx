import { ServiceChecklist } from "~/features/services/components/service-checklist";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { FormDialogActions } from "~/components/ui/form-dialog";
import { FormField } from "~/components/ui/form-field";
import { Input, Textarea } from "~/components/ui/input";
import { ImagePicker } from "~/features/media/components/image-picker";
import type { DateRange } from "~/features/settings/settings.schema";
import { WEEKDAY_NAMES } from "~/features/settings/shop-settings";
import type { Service } from "~/features/services/services.schema";
import { useAdminAction } from "~/lib/use-admin-action";
import { api } from "~/lib/api-client";
import { formatDayRanges, parseDayRanges, type TeamMember, type TeamMemberInput } from "../team.schema";

/** Monday first, as the shop reads its week. */
const WEEK = [1, 2, 3, 4, 5, 6, 0] as const;

interface TeamMemberFormProps {
  member: TeamMember | null;
  services: readonly Service[];
  onSaved: () => void;
  onCancel: () => void;
}

/**
 * Add or edit a member: details, the services they do, one line of working hours per day
 * ("09:00–12:30, 13:30–17:00"; empty = day off) and their time off. The server checks the lot
 * (hours inside the shop's opening hours) and its message comes back as the error notice.
 */
export function TeamMemberForm({ member, services, onSaved, onCancel }: TeamMemberFormProps) {
  const { run, pending } = useAdminAction();
  const [name, setName] = useState(member?.name ?? "");
  const [bio, setBio] = useState(member?.bio ?? "");
  const [image, setImage] = useState<string | null>(member?.image ?? null);
  const [active, setActive] = useState(member?.active ?? true);
  const [serviceIds, setServiceIds] = useState<string[]>(
    member?.serviceIds ?? services.map((service) => String(service.id)),
  );
  const [hours, setHours] = useState<Record<number, string>>(() =>
    Object.fromEntries(
      WEEK.map((day) => [day, formatDayRanges(member?.weeklyHours.find((entry) => entry.day === day)?.ranges ?? [])]),
    ),
  );
  const [timeOff, setTimeOff] = useState<DateRange[]>(member?.timeOff ?? []);
  const [problem, setProblem] = useState<string | null>(null);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const weeklyHours = [];
    for (const day of WEEK) {
      const ranges = parseDayRanges(hours[day] ?? "");
      if (!ranges) {
        setProblem(`${WEEKDAY_NAMES[day]}: write times like 09:00–12:30, 13:30–17:00, or leave empty for a day off.`);
        return;
      }
      if (ranges.length > 0) weeklyHours.push({ day, ranges });
    }
    setProblem(null);
    const body: TeamMemberInput = { name, bio, image, active, serviceIds, weeklyHours, timeOff, order: member?.order };
    const saved = await run(
      () => (member ? api("PUT", `/api/team/${member.id}`, body) : api("POST", "/api/team", body)),
      {
        success: {
          title: member ? "Team member updated" : "Team member added",
          description: `${name} has been saved.`,
        },
      },
    );
    if (saved) onSaved();
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <FormField label="Name">
        {(field) => <Input {...field} value={name} onChange={(event) => setName(event.target.value)} required />}
      </FormField>
      <FormField label="Short bio">
        {(field) => <Textarea {...field} rows={2} value={bio} onChange={(event) => setBio(event.target.value)} />}
      </FormField>
      <FormField label="Photo">{(field) => <ImagePicker {...field} value={image} onChange={setImage} />}</FormField>
      <label className="flex items-center gap-2 text-sm font-medium">
        <Checkbox checked={active} onCheckedChange={(value) => setActive(value === true)} />
        Active (shown on the site and bookable)
      </label>

      <ServiceChecklist services={services} value={serviceIds} onChange={setServiceIds} />

      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-semibold">Working hours</legend>
        <p className="text-xs text-muted-foreground">
          One or more ranges a day, e.g. 09:00–12:30, 13:30–17:00 (a gap is a break). Empty: not working.
        </p>
        {WEEK.map((day) => (
          <div key={day} className="grid grid-cols-[7rem_1fr] items-center gap-2">
            <label htmlFor={`hours-${day}`} className="text-sm">
              {WEEKDAY_NAMES[day]}
            </label>
            <Input
              id={`hours-${day}`}
              value={hours[day] ?? ""}
              placeholder="Day off"
              onChange={(event) => setHours((current) => ({ ...current, [day]: event.target.value }))}
            />
          </div>
        ))}
      </fieldset>

      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-semibold">Time off</legend>
        {timeOff.map((range, index) => (
          <div key={index} className="grid grid-cols-2 items-end gap-2 sm:grid-cols-[1fr_1fr_1.5fr_auto]">
            <FormField label="First day">
              {(field) => (
                <Input
                  {...field}
                  type="date"
                  value={range.from}
                  onChange={(event) =>
                    setTimeOff((list) =>
                      list.map((entry, at) => (at === index ? { ...entry, from: event.target.value } : entry)),
                    )
                  }
                />
              )}
            </FormField>
            <FormField label="Last day">
              {(field) => (
                <Input
                  {...field}
                  type="date"
                  value={range.to}
                  onChange={(event) =>
                    setTimeOff((list) =>
                      list.map((entry, at) => (at === index ? { ...entry, to: event.target.value } : entry)),
                    )
                  }
                />
              )}
            </FormField>
            <FormField label="Note">
              {(field) => (
                <Input
                  {...field}
                  value={range.note}
                  onChange={(event) =>
                    setTimeOff((list) =>
                      list.map((entry, at) => (at === index ? { ...entry, note: event.target.value } : entry)),
                    )
                  }
                />
              )}
            </FormField>
            <Button
              type="button"
              variant="outline"
              onClick={() => setTimeOff((list) => list.filter((_, at) => at !== index))}
            >
              Remove
            </Button>
          </div>
        ))}
        <Button
          type="button"
          variant="outline"
          className="justify-self-start"
          onClick={() => setTimeOff((list) => [...list, { from: "", to: "", note: "" }])}
        >
          Add time off
        </Button>
      </fieldset>

      {problem && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {problem}
        </p>
      )}
      <FormDialogActions
        submitLabel={member ? "Update Member" : "Add Member"}
        submitting={pending}
        onCancel={onCancel}
      />
    </form>
  );
}
