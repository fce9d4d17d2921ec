import { Form, redirect, useSubmit } from "react-router";
import { AdminPage, adminMeta } from "~/components/layout/admin-page";
import { EmptyState } from "~/components/ui/empty-state";
import { Label, NativeSelect } from "~/components/ui/input";
import { RefusedNotice, SavedNotice } from "~/components/ui/page-notice";
import { requireAdminPage } from "~/features/auth/require-admin.server";
import { ContactAdminSubmissionCard } from "~/features/contact/components/contact-admin-submission-card";
import {
  SUBMISSION_SORTS,
  submissionListQuerySchema,
  type ContactSubmission,
  type SubmissionSort,
} from "~/features/contact/contact.schema";
import { deleteSubmission, listSubmissions } from "~/features/contact/contact.server";
import { api } from "~/lib/api-client";
import { formFailure, formTextValues } from "~/lib/form-action.server";
import { parseSearchParams } from "~/lib/page-errors";
import { parseRowId } from "~/lib/schema-fields";
import { useAdminAction } from "~/lib/use-admin-action";
import type { Route } from "./+types/contact";

const SORT_LABELS: Record<SubmissionSort, string> = { newest: "Newest First", oldest: "Oldest First" };

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context);
  const { sort } = parseSearchParams(request, submissionListQuerySchema);
  const deleted = new URL(request.url).searchParams.has("deleted");
  return { sort, deleted, submissions: await listSubmissions(context.db, sort) };
}

/** A submission's Delete pressed without JavaScript: DELETE /api/contact/submissions/{id}'s function, then back to the list in its order. */
export async function action({ context, request }: Route.ActionArgs) {
  requireAdminPage(context);
  const values = formTextValues(await request.formData());
  try {
    await deleteSubmission(context.db, parseRowId(values.id ?? "") ?? 0);
  } catch (error) {
    return formFailure(error, { values });
  }
  const { sort } = parseSearchParams(request, submissionListQuerySchema);
  return redirect(`/admin/contact?sort=${sort}&deleted`, 303);
}

export const meta = () => adminMeta("Contact Form Submissions");

export default function ContactSubmissions({ loaderData, actionData }: Route.ComponentProps) {
  const { sort, deleted, submissions } = loaderData;
  const submit = useSubmit();
  const { run, pending } = useAdminAction();

  const remove = (submission: ContactSubmission) =>
    run(() => api("DELETE", `/api/contact/submissions/${submission.id}`), {
      success: { title: "Form submission deleted successfully" },
    });

  return (
    <AdminPage
      title="Contact Form Submissions"
      actions={
        <Form method="get" preventScrollReset className="flex items-center gap-2">
          <Label htmlFor="submission-sort" className="whitespace-nowrap">
            Sort
          </Label>
          <NativeSelect
            id="submission-sort"
            name="sort"
            defaultValue={sort}
            key={sort}
            onChange={(event) => submit(event.currentTarget.form, { replace: true, preventScrollReset: true })}
            className="w-auto"
          >
            {SUBMISSION_SORTS.map((value) => (
              <option key={value} value={value}>
                {SORT_LABELS[value]}
              </option>
            ))}
          </NativeSelect>
        </Form>
      }
    >
      {deleted && !actionData && <SavedNotice>Form submission deleted successfully</SavedNotice>}
      {actionData && <RefusedNotice>{actionData.message}</RefusedNotice>}
      {submissions.length === 0 ? (
        <EmptyState>No form submissions yet.</EmptyState>
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2">
          {submissions.map((submission) => (
            <li key={submission.id}>
              <ContactAdminSubmissionCard submission={submission} busy={pending} onDelete={() => remove(submission)} />
            </li>
          ))}
        </ul>
      )}
    </AdminPage>
  );
}
