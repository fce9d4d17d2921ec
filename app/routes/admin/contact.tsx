import { Form, useSubmit } from "react-router";
import { AdminPage, adminMeta } from "~/components/layout/admin-page";
import { EmptyState } from "~/components/ui/empty-state";
import { Label, NativeSelect } from "~/components/ui/input";
import { requireAdminPage } from "~/features/auth/require-admin.server";
import { ContactAdminSubmissionCard } from "~/features/contact/components/contact-admin-submission-card";
import {
  SUBMISSION_SORTS,
  submissionListQuerySchema,
  type ContactSubmission,
  type SubmissionSort,
} from "~/features/contact/contact.schema";
import { listSubmissions } from "~/features/contact/contact.server";
import { api } from "~/lib/api-client";
import { parseSearchParams } from "~/lib/page-errors";
import { useAdminAction } from "~/lib/use-admin-action";
import type { Route } from "./+types/contact";

const SORT_LABELS: Record<SubmissionSort, string> = { newest: "Newest First", oldest: "Oldest First" };

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context);
  const { sort } = parseSearchParams(request, submissionListQuerySchema);
  return { sort, submissions: await listSubmissions(context.db, sort) };
}

export const meta = () => adminMeta("Contact Form Submissions");

export default function ContactSubmissions({ loaderData }: Route.ComponentProps) {
  const { sort, submissions } = loaderData;
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
