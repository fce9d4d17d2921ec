import { Plus } from "lucide-react";
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
import { TeamMemberForm } from "~/features/team/components/team-member-form";
import type { TeamMember } from "~/features/team/team.schema";
import { listTeam } from "~/features/team/team.server";
import { api } from "~/lib/api-client";
import { useAdminAction } from "~/lib/use-admin-action";
import { useEditMode } from "~/lib/use-edit-mode";
import type { Route } from "./+types/team";

export async function loader({ context }: Route.LoaderArgs) {
  requireAdminPage(context);
  const [team, services] = await Promise.all([listTeam(context.db), listServices(context.db)]);
  return { team, services };
}

export const meta = () => adminMeta("Manage Team");

export default function ManageTeam({ loaderData }: Route.ComponentProps) {
  const { team, services } = loaderData;
  const editor = useEditMode<TeamMember>();
  const { run, pending } = useAdminAction();

  const remove = (member: TeamMember) =>
    run(() => api("DELETE", `/api/team/${member.id}`), {
      success: { title: "Team member deleted", description: `${member.name} has been removed from the team.` },
    });

  return (
    <AdminPage
      title="Manage Team"
      actions={
        <Button onClick={editor.create}>
          <Plus aria-hidden />
          Add Team Member
        </Button>
      }
    >
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
