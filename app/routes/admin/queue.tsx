import { redirect } from "react-router";
import { AdminPage, adminMeta } from "~/components/layout/admin-page";
import { requireAdminPage } from "~/features/auth/require-admin.server";
import { QueuePanel } from "~/features/queue/components/queue-panel";
import { queueServeSchema } from "~/features/queue/queue.schema";
import { callEntry, finishEntry, listQueueEntries, removeEntry, serveEntry } from "~/features/queue/queue-desk.server";
import { listPublicTeam } from "~/features/team/team.server";
import { parseId } from "~/lib/api.server";
import { formFailure } from "~/lib/form-action.server";
import { badRequest } from "~/lib/http-error";
import type { Route } from "./+types/queue";

/*
 * The owner's queue actions, posted from the panel beside the calendar (or this page): the same feature
 * functions as POST /api/queue/{id}/call|serve|done|remove. A success goes back where it came from; a refusal
 * (no chair free, with the next free time) is shown here, with the queue.
 */

export const meta: Route.MetaFunction = () => adminMeta("Walk-in queue");

const DEFAULT_RETURN = "/admin/calendar";
/** Only back to the owner's own screens: never a redirect off the site. */
const safeReturn = (value: FormDataEntryValue | null) =>
  typeof value === "string" && /^\/admin(\/[\w\-/?=&%.]*)?$/.test(value) ? value : DEFAULT_RETURN;

export async function loader({ context }: Route.LoaderArgs) {
  requireAdminPage(context);
  const [entries, team] = await Promise.all([listQueueEntries(context), listPublicTeam(context.db)]);
  return { entries, team: team.map((member) => ({ id: member.id, name: member.name })) };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireAdminPage(context);
  const form = await request.formData();
  const returnTo = safeReturn(form.get("returnTo"));
  try {
    const id = parseId(String(form.get("id") ?? ""), "Queue entry");
    const intent = form.get("intent");
    if (intent === "call") await callEntry(context, id);
    else if (intent === "serve") {
      const { memberId } = queueServeSchema.parse({ memberId: form.get("memberId") });
      await serveEntry(context, id, memberId);
    } else if (intent === "done") await finishEntry(context, id);
    else if (intent === "remove") await removeEntry(context, id);
    else throw badRequest("Unknown action");
  } catch (error) {
    return formFailure(error, { returnTo });
  }
  return redirect(returnTo, 303);
}

export default function AdminQueuePage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AdminPage title="Walk-in queue">
      {actionData && (
        <p role="alert" className="mb-4 rounded-md border border-destructive bg-red-50 p-3 text-sm text-red-950">
          {actionData.message}{" "}
          <a href={actionData.returnTo} className="underline">
            Back
          </a>
        </p>
      )}
      <QueuePanel entries={loaderData.entries} team={loaderData.team} returnTo="/admin/queue" />
    </AdminPage>
  );
}
