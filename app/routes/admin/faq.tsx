import { AdminPage, adminMeta } from "~/components/layout/admin-page";
import { EmptyState } from "~/components/ui/empty-state";
import { requireAdminPage } from "~/features/auth/require-admin.server";
import { FaqAdminCard } from "~/features/faqs/components/faq-admin-card";
import { FaqForm } from "~/features/faqs/components/faq-form";
import type { Faq } from "~/features/faqs/faqs.schema";
import { listFaqs } from "~/features/faqs/faqs.server";
import { api } from "~/lib/api-client";
import { useAdminAction } from "~/lib/use-admin-action";
import { useEditMode } from "~/lib/use-edit-mode";
import type { Route } from "./+types/faq";

export async function loader({ context }: Route.LoaderArgs) {
  requireAdminPage(context);
  return { faqs: await listFaqs(context.db) };
}

export const meta = () => adminMeta("Manage FAQs");

export default function ManageFaqs({ loaderData }: Route.ComponentProps) {
  const editor = useEditMode<Faq>();
  const { run, pending } = useAdminAction();

  const remove = async (faq: Faq) => {
    const deleted = await run(() => api("DELETE", `/api/faqs/${faq.id}`).then(() => true), {
      success: { title: "FAQ deleted", description: "The FAQ has been deleted successfully." },
    });
    if (deleted && editor.editing?.id === faq.id) editor.done();
  };

  return (
    <AdminPage title="Manage FAQs">
      <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="lg:sticky lg:top-24">
          <FaqForm key={editor.editing?.id ?? "new"} faq={editor.editing} onDone={editor.done} />
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
                    editing={editor.editing?.id === faq.id}
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
