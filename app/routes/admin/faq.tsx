import { useNavigate } from "react-router";
import { AdminPage, adminMeta } from "~/components/layout/admin-page";
import { EmptyState } from "~/components/ui/empty-state";
import { RefusedNotice, SavedNotice } from "~/components/ui/page-notice";
import { requireAdminPage } from "~/features/auth/require-admin.server";
import { FaqAdminCard } from "~/features/faqs/components/faq-admin-card";
import { FaqForm } from "~/features/faqs/components/faq-form";
import { faqFormSchema, type Faq } from "~/features/faqs/faqs.schema";
import { createFaq, deleteFaq, listFaqs, updateFaq } from "~/features/faqs/faqs.server";
import { api } from "~/lib/api-client";
import { formTextValues, resourceFormAction } from "~/lib/form-action.server";
import { saveToast, savedNotices } from "~/lib/saved-notice";
import { useAdminAction } from "~/lib/use-admin-action";
import { useEditMode } from "~/lib/use-edit-mode";
import type { Route } from "./+types/faq";

const SAVED_NOTICES = savedNotices("FAQ", "FAQ");

/** `?edit=<id>` puts that FAQ in the form (the Edit links' target without JavaScript). */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context);
  const faqs = await listFaqs(context.db);
  const search = new URL(request.url).searchParams;
  const editing = faqs.find((faq) => String(faq.id) === search.get("edit")) ?? null;
  const saved = search.get("saved");
  const notice = saved && saved in SAVED_NOTICES ? (saved as keyof typeof SAVED_NOTICES) : null;
  return { faqs, editing, saved: notice };
}

/**
 * The FAQ form and its Delete posted without JavaScript: the same schema and feature functions as
 * POST, PUT and DELETE /api/faqs, then back to the page (303) saying what happened.
 */
export async function action({ context, request }: Route.ActionArgs) {
  requireAdminPage(context);
  const { db } = context;
  return resourceFormAction(formTextValues(await request.formData()), {
    page: "/admin/faq",
    schema: faqFormSchema,
    create: (input) => createFaq(db, input),
    update: (id, input) => updateFaq(db, id, input),
    remove: (id) => deleteFaq(db, id),
  });
}

export const meta = () => adminMeta("Manage FAQs");

export default function ManageFaqs({ loaderData, actionData }: Route.ComponentProps) {
  const editor = useEditMode<Faq>();
  const { run, pending } = useAdminAction();
  const navigate = useNavigate();
  const deleting = actionData?.values.intent === "delete";
  const refused = actionData && !deleting ? actionData : undefined;
  // Chosen on the page once hydrated; else what the address or a refused post names.
  const editing =
    editor.editing ?? (refused ? (loaderData.faqs.find((faq) => faq.id === refused.id) ?? null) : loaderData.editing);

  const done = () => {
    editor.done();
    if (loaderData.editing) void navigate("/admin/faq");
  };
  const remove = async (faq: Faq) => {
    const deleted = await run(() => api("DELETE", `/api/faqs/${faq.id}`).then(() => true), {
      success: saveToast("FAQ", "deleted", "FAQ"),
    });
    if (deleted && editing?.id === faq.id) done();
  };

  return (
    <AdminPage title="Manage FAQs">
      {loaderData.saved && !actionData && <SavedNotice>{SAVED_NOTICES[loaderData.saved]}</SavedNotice>}
      {deleting && <RefusedNotice>{actionData.message}</RefusedNotice>}
      <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="lg:sticky lg:top-24">
          <FaqForm key={editing?.id ?? "new"} faq={editing} onDone={done} posted={refused} />
        </div>
        <section aria-labelledby="faq-list">
          <h2 id="faq-list" className="mb-4 text-2xl font-semibold">
            FAQs ({loaderData.faqs.length})
          </h2>
          {loaderData.faqs.length === 0 ? (
            <EmptyState>No FAQs yet. Add the first one with the form.</EmptyState>
          ) : (
            <ul className="grid gap-3">
              {loaderData.faqs.map((faq) => (
                <li key={faq.id}>
                  <FaqAdminCard
                    faq={faq}
                    editing={editing?.id === faq.id}
                    busy={pending}
                    onEdit={() => editor.edit(faq)}
                    onDelete={() => remove(faq)}
                  />
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </AdminPage>
  );
}
