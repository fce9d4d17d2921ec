import { Plus } from "lucide-react";
import { data, redirect, useNavigate } from "react-router";
import { AdminPage, adminMeta } from "~/components/layout/admin-page";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { EmptyState } from "~/components/ui/empty-state";
import { FormDialog } from "~/components/ui/form-dialog";
import { ItemActions } from "~/components/ui/item-actions";
import { requireAdminPage } from "~/features/auth/require-admin.server";
import { formatRanges, weekLines } from "~/features/settings/opening-hours";
import { listServices } from "~/features/services/services.server";
import { TeamMemberForm, type PostedTeamMember } from "~/features/team/components/team-member-form";
import { payInput, teamMemberFormValues } from "~/features/team/team-form-data";
import { teamMemberSchema, weeklyHoursFromText, type TeamMember } from "~/features/team/team.schema";
import { createTeamMember, deleteTeamMember, listTeam, updateTeamMember } from "~/features/team/team.server";
import { settleScheduleChange } from "~/features/booking/stranded-bookings.server";
import type { StrandedBooking } from "~/features/settings/settings.schema";
import { api } from "~/lib/api-client";
import { postCalendarFeed, takeShownFeed, withShownFeed } from "~/features/booking/calendar-feed-form.server";
import { CalendarFeedForm } from "~/features/booking/components/calendar-feed-form";
import { formFailure } from "~/lib/form-action.server";
import { parseRowId } from "~/lib/schema-fields";
import { useAdminAction } from "~/lib/use-admin-action";
import { useEditMode } from "~/lib/use-edit-mode";
import type { Route } from "./+types/team";

const SAVED_NOTICES = {
  added: "Team member added: the new member has been saved.",
  updated: "Team member updated: the changes have been saved.",
  deleted: "Team member deleted: they have been removed from the team.",
} as const;

/** `?edit=new` or `?edit=<id>` opens the form on the page (the links' targets without JavaScript). */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context);
  const [team, services] = await Promise.all([listTeam(context.db), listServices(context.db)]);
  const search = new URL(request.url).searchParams;
  const edit = search.get("edit");
  const editing: TeamMember | "new" | null =
    edit === "new" ? "new" : (team.find((member) => String(member.id) === edit) ?? null);
  const saved = search.get("saved");
  const notice = saved && saved in SAVED_NOTICES ? (saved as keyof typeof SAVED_NOTICES) : null;
  const shown = await takeShownFeed(context, request);
  return withShownFeed({ team, services, editing, saved: notice, feed: shown.feed }, shown.headers);
}

/** The loader's Set-Cookie (clearing a feed address once shown) reaches the browser. */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/**
 * The member form posted without JavaScript: the same schema and feature functions as POST and PUT
 * /api/team (new time off over bookings asks keep or cancel, 409), then back to the list (303).
 */
export async function action({ context, request }: Route.ActionArgs) {
  requireAdminPage(context);
  const form = await request.formData();
  if (form.get("intent") === "feed") {
    try {
      return await postCalendarFeed(context, form.get("memberId"), "/admin/team");
    } catch (error) {
      return formFailure(error, { intent: "feed" as const });
    }
  }
  const values = teamMemberFormValues(form);
  const id = parseRowId(String(form.get("id") ?? ""));
  if (form.get("intent") === "delete" && id !== null) {
    try {
      await deleteTeamMember(context.db, id);
    } catch (error) {
      return formFailure(error, { values, id, intent: "delete" as const });
    }
    return redirect("/admin/team?saved=deleted", 303);
  }
  const read = weeklyHoursFromText(values.hours);
  if ("problem" in read) {
    const details: Record<string, unknown> = {};
    return data({ values, id, intent: "save" as const, message: read.problem, fieldErrors: {}, details }, 400);
  }
  try {
    const input = teamMemberSchema.parse({
      ...values,
      weeklyHours: read.weeklyHours,
      timeOffBookings: form.get("timeOffBookings") ?? undefined,
      pay: payInput(values.pay),
    });
    const followUp = settleScheduleChange(input.timeOffBookings);
    if (id === null) await createTeamMember(context, input, followUp);
    else await updateTeamMember(context, id, input, followUp);
  } catch (error) {
    return formFailure(error, { values, id, intent: "save" as const });
  }
  return redirect(`/admin/team?saved=${id === null ? "added" : "updated"}`, 303);
}

export const meta = () => adminMeta("Manage Team");

export default function ManageTeam({ loaderData, actionData }: Route.ComponentProps) {
  const { team, services, saved, feed } = loaderData;
  // After a refused post the form stays open with what was typed; otherwise the address says what is open.
  const refusedSave = actionData?.intent === "save" ? actionData : undefined;
  const editing = refusedSave ? (team.find((member) => member.id === refusedSave.id) ?? "new") : loaderData.editing;
  const posted: PostedTeamMember | undefined = refusedSave && {
    ...refusedSave,
    bookings: refusedSave.details.bookings as StrandedBooking[] | undefined,
  };
  const editor = useEditMode<TeamMember>();
  const { run, pending } = useAdminAction();
  const navigate = useNavigate();

  const remove = (member: TeamMember) =>
    run(() => api("DELETE", `/api/team/${member.id}`), {
      success: { title: "Team member deleted", description: `${member.name} has been removed from the team.` },
    });

  return (
    <AdminPage
      title="Manage Team"
      actions={
        <Button asChild>
          <a
            href="/admin/team?edit=new"
            onClick={(event) => {
              event.preventDefault();
              editor.create();
            }}
          >
            <Plus aria-hidden />
            Add Team Member
          </a>
        </Button>
      }
    >
      {saved && (
        <p
          role="status"
          className="mb-6 rounded-md border border-green-300 bg-green-50 p-3 text-sm font-medium text-green-900"
        >
          {SAVED_NOTICES[saved]}
        </p>
      )}
      {(actionData?.intent === "delete" || actionData?.intent === "feed") && (
        <p role="alert" className="mb-6 rounded-md border border-destructive p-3 text-sm font-medium text-destructive">
          {actionData.message}
        </p>
      )}
      {editing && (
        <Card className="mb-6 grid gap-4 p-5">
          <h2 className="text-xl font-semibold leading-tight">
            {editing === "new" ? "Add Team Member" : `Edit ${editing.name}`}
          </h2>
          <TeamMemberForm
            member={editing === "new" ? null : editing}
            services={services}
            posted={posted}
            inline
            onSaved={() => void navigate("/admin/team")}
            onCancel={() => void navigate("/admin/team")}
          />
        </Card>
      )}
      {team.length === 0 ? (
        <EmptyState>No team members yet. Add the first barber with Add Team Member.</EmptyState>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {team.map((member) => (
            <li key={member.id}>
              <Card className="grid h-full content-start gap-3 p-5">
                <div className="flex items-start justify-between gap-2">
                  <h2 className="text-xl font-semibold leading-tight">
                    {member.name} {!member.active && <Badge variant="warning">Inactive</Badge>}
                  </h2>
                  <ItemActions
                    name={member.name}
                    thing="team member"
                    onEdit={() => editor.edit(member)}
                    editHref={`/admin/team?edit=${member.id}`}
                    deleteId={member.id}
                    onDelete={() => remove(member)}
                    disabled={pending}
                  />
                </div>
                {member.bio && <p className="text-sm text-muted-foreground">{member.bio}</p>}
                <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                  {weekLines(member.weeklyHours).map((line) => (
                    <div key={line.label} className="contents">
                      <dt className="text-muted-foreground">{line.label}</dt>
                      <dd className="tabular-nums">{line.ranges.length ? formatRanges(line.ranges) : "Off"}</dd>
                    </div>
                  ))}
                </dl>
                <p className="text-sm">
                  <span className="text-muted-foreground">Services: </span>
                  {services
                    .filter((service) => member.serviceIds.includes(String(service.id)))
                    .map((service) => service.title)
                    .join(", ") || "none"}
                </p>
                <CalendarFeedForm
                  feedFor={String(member.id)}
                  label="Calendar feed"
                  name={member.name}
                  shown={feed}
                  back="/admin/team"
                />
                {member.timeOff.length > 0 && (
                  <p className="text-sm">
                    <span className="text-muted-foreground">Time off: </span>
                    {member.timeOff
                      .map((range) => `${range.from} – ${range.to}${range.note ? ` (${range.note})` : ""}`)
                      .join("; ")}
                  </p>
                )}
              </Card>
            </li>
          ))}
        </ul>
      )}
      <FormDialog
        open={editor.open}
        onOpenChange={editor.onOpenChange}
        title={editor.editing ? "Edit Team Member" : "Add Team Member"}
        description="Their details, the services they do, their weekly hours and their time off."
        className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl"
      >
        <TeamMemberForm member={editor.editing} services={services} onSaved={editor.done} onCancel={editor.done} />
      </FormDialog>
    </AdminPage>
  );
}
