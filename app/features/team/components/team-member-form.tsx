import { useState } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { FormDialogActions } from "~/components/ui/form-dialog";
import { FormField } from "~/components/ui/form-field";
import { Input, Textarea } from "~/components/ui/input";
import { ImagePicker } from "~/features/media";
import { type Service, ServiceChecklist } from "~/features/services";
import {
  type StrandedBookingsChoice as Choice,
  type DateRange,
  type StrandedBooking,
  StrandedBookingsQuestion,
  WEEKDAY_NAMES,
} from "~/features/settings";
import { ApiError, api } from "~/lib/api-client";
import { useAdminAction } from "~/lib/use-admin-action";
import { payFormValues, payInput, type TeamMemberFormValues } from "../team-form-data";
import { PayFields } from "./pay-fields";
import { TEAM_FORM_WEEK, hoursText, weeklyHoursFromText, type TeamMember, type TeamMemberInput } from "../team.schema";

/** What the page's action answered to the form posted without JavaScript. */
export interface PostedTeamMember {
  values: TeamMemberFormValues;
  message: string;
  /** The member's bookings new time off would leave standing (a 409), to keep or cancel. */
  bookings?: StrandedBooking[];
}

interface TeamMemberFormProps {
  member: TeamMember | null;
  services: readonly Service[];
  onSaved: () => void;
  onCancel: () => void;
  posted?: PostedTeamMember;
  /** On the page rather than in the dialog (opened by its address, e.g. without JavaScript). */
  inline?: boolean;
}

const valuesOf = (member: TeamMember | null): TeamMemberFormValues => ({
  name: member?.name ?? "",
  bio: member?.bio ?? "",
  image: member?.image ?? null,
  active: member?.active ?? true,
  // A new member does nothing until the owner ticks what they do.
  serviceIds: member?.serviceIds ?? [],
  hours: hoursText(member?.weeklyHours ?? []),
  timeOff: member?.timeOff ?? [],
  pay: payFormValues(member?.pay),
});

/**
 * Add or edit a member: details, the services they do, one line of working hours per day
 * ("09:00–12:30, 13:30–17:00"; empty = day off) and their time off. The server checks the lot
 * (hours inside the shop's opening hours) and its message comes back as the error notice.
 * Without JavaScript the form posts to the page's action; hydrated, it calls the API.
 */
export function TeamMemberForm({ member, services, onSaved, onCancel, posted, inline = false }: TeamMemberFormProps) {
  const { run, pending } = useAdminAction();
  const initial = posted?.values ?? valuesOf(member);
  const [name, setName] = useState(initial.name);
  const [bio, setBio] = useState(initial.bio);
  const [image, setImage] = useState<string | null>(initial.image);
  const [active, setActive] = useState(initial.active);
  const [serviceIds, setServiceIds] = useState<string[]>(initial.serviceIds);
  const [hours, setHours] = useState(initial.hours);
  const [timeOff, setTimeOff] = useState<DateRange[]>(initial.timeOff);
  const [pay, setPay] = useState(initial.pay);
  const [problem, setProblem] = useState<string | null>(posted && !posted.bookings ? posted.message : null);
  const [stranded, setStranded] = useState(
    posted?.bookings ? { message: posted.message, bookings: posted.bookings } : null,
  );
  const [choice, setChoice] = useState<Choice>();

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const read = weeklyHoursFromText(hours);
    if ("problem" in read) {
      setProblem(read.problem);
      return;
    }
    setProblem(null);
    const body: TeamMemberInput = {
      name,
      bio,
      image,
      active,
      serviceIds,
      weeklyHours: read.weeklyHours,
      timeOff,
      order: member?.order,
      timeOffBookings: choice,
      pay: payInput(pay) as TeamMemberInput["pay"],
    };
    const save = (member ? api("PUT", `/api/team/${member.id}`, body) : api("POST", "/api/team", body)).catch(
      (error: unknown) => {
        if (error instanceof ApiError && error.status === 409 && Array.isArray(error.details.bookings)) {
          setStranded({ message: error.message, bookings: error.details.bookings as StrandedBooking[] });
        }
        throw error;
      },
    );
    const saved = await run(() => save, {
      success: {
        title: member ? "Team member updated" : "Team member added",
        description: `${name} has been saved.`,
      },
    });
    if (saved) onSaved();
  }

  const timeOffField = (index: number, key: keyof DateRange, label: string, type: string) => (
    <FormField label={label}>
      {(field) => (
        <Input
          {...field}
          type={type}
          name={`timeOff.${index}.${key}`}
          value={timeOff[index]![key]}
          onChange={(event) =>
            setTimeOff((list) =>
              list.map((entry, at) => (at === index ? { ...entry, [key]: event.target.value } : entry)),
            )
          }
        />
      )}
    </FormField>
  );

  return (
    <form method="post" action="/admin/team" onSubmit={submit} noValidate className="grid gap-4">
      {member && <input type="hidden" name="id" value={member.id} />}
      <FormField label="Name">
        {(field) => (
          <Input {...field} name="name" value={name} onChange={(event) => setName(event.target.value)} required />
        )}
      </FormField>
      <FormField label="Short bio">
        {(field) => (
          <Textarea {...field} name="bio" rows={2} value={bio} onChange={(event) => setBio(event.target.value)} />
        )}
      </FormField>
      <FormField label="Photo">{(field) => <ImagePicker {...field} value={image} onChange={setImage} />}</FormField>
      <input type="hidden" name="image" value={image ?? ""} />
      <label className="flex items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          name="active"
          checked={active}
          onChange={(event) => setActive(event.target.checked)}
          className="size-5 shrink-0 accent-[var(--color-primary)]"
        />
        Active (shown on the site and bookable)
      </label>

      <ServiceChecklist services={services} value={serviceIds} onChange={setServiceIds} name="serviceIds" />

      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-semibold">Working hours</legend>
        <p className="text-xs text-muted-foreground">
          One or more ranges a day, e.g. 09:00–12:30, 13:30–17:00 (a gap is a break). Empty: not working.
        </p>
        {TEAM_FORM_WEEK.map((day) => (
          <div key={day} className="grid grid-cols-[7rem_1fr] items-center gap-2">
            <label htmlFor={`hours-${day}`} className="text-sm">
              {WEEKDAY_NAMES[day]}
            </label>
            <Input
              id={`hours-${day}`}
              name={`hours.${day}`}
              value={hours[day] ?? ""}
              placeholder="Day off"
              onChange={(event) => setHours((current) => ({ ...current, [day]: event.target.value }))}
            />
          </div>
        ))}
      </fieldset>

      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-semibold">Time off</legend>
        {timeOff.map((_, index) => (
          <div key={index} className="grid grid-cols-2 items-end gap-2 sm:grid-cols-[1fr_1fr_1.5fr_auto]">
            {timeOffField(index, "from", "First day", "date")}
            {timeOffField(index, "to", "Last day", "date")}
            {timeOffField(index, "note", "Note", "text")}
            <Button
              type="button"
              variant="outline"
              className="noscript:hidden"
              onClick={() => setTimeOff((list) => list.filter((_, at) => at !== index))}
            >
              Remove
            </Button>
            <noscript>
              <label className="flex items-center gap-2 text-sm sm:pb-2">
                <input type="checkbox" name={`timeOff.${index}.remove`} className="size-4" />
                Remove
              </label>
            </noscript>
          </div>
        ))}
        <noscript>
          <SpareTimeOff index={timeOff.length} />
        </noscript>
        <Button
          type="button"
          variant="outline"
          className="justify-self-start noscript:hidden"
          onClick={() => setTimeOff((list) => [...list, { from: "", to: "", note: "" }])}
        >
          Add time off
        </Button>
      </fieldset>

      <PayFields value={pay} onChange={setPay} />

      {stranded && (
        <StrandedBookingsQuestion
          message={stranded.message}
          bookings={stranded.bookings}
          name="timeOffBookings"
          onChoose={setChoice}
        />
      )}
      {problem && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {problem}
        </p>
      )}
      {inline ? (
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button asChild variant="outline">
            <Link to="/admin/team">Cancel</Link>
          </Button>
          <Button type="submit" disabled={pending}>
            {member ? "Update Member" : "Add Member"}
          </Button>
        </div>
      ) : (
        <FormDialogActions
          submitLabel={member ? "Update Member" : "Add Member"}
          submitting={pending}
          onCancel={onCancel}
        />
      )}
    </form>
  );
}

/** Without JavaScript "Add time off" cannot add a row: a spare blank one (dropped when left blank). */
function SpareTimeOff({ index }: { index: number }) {
  const field = (label: string, key: keyof DateRange, type: string) => (
    <label className="grid gap-2 text-sm font-medium">
      {label}
      <input
        type={type}
        name={`timeOff.${index}.${key}`}
        className="h-10 rounded-md border border-input bg-card px-3"
      />
    </label>
  );
  return (
    <div className="grid grid-cols-2 items-end gap-2 rounded-md border border-dashed border-border p-2 sm:grid-cols-[1fr_1fr_1.5fr]">
      {field("First day of new time off", "from", "date")}
      {field("Last day", "to", "date")}
      {field("Note", "note", "text")}
    </div>
  );
}
