import { useNavigate } from "react-router";
import { AdminPage } from "~/components/layout/admin-page";
import { Card } from "~/components/ui/card";
import { EmptyState } from "~/components/ui/empty-state";
import { FormDialog } from "~/components/ui/form-dialog";
import { AddNewLink, RefusedNotice, SavedNotice } from "~/components/ui/page-notice";
import type { ItemFormProps } from "~/components/ui/resource-form";
import { api } from "~/lib/api-client";
import type { PostedForm } from "~/lib/posted-form";
import { saveToast } from "~/lib/saved-notice";
import { useAdminAction } from "~/lib/use-admin-action";
import { useEditMode } from "~/lib/use-edit-mode";

/** What the page's action answered to a refused post: the item form's save, its bin, or another form's. */
export interface PostedToPage extends PostedForm {
  message: string;
  id: number | null;
}

export interface ItemCardProps {
  busy: boolean;
  onEdit: () => void;
  onDelete: () => void;
}

interface ManagementPageProps<T extends { id: number }> {
  title: string;
  /** What one item is, in lower case: "blog post". Names the toasts, headings and dialog titles. */
  noun: string;
  /** The page's own address; the Add and Edit links' targets without JavaScript hang off it. */
  page: string;
  /** The resource's API collection, whose DELETE /{id} the bin calls once hydrated. */
  apiPath: string;
  addLabel: string;
  items: T[];
  /** The loader's reading of the address: the item whose form is open on the page, or "new". */
  editing: T | "new" | null;
  posted: PostedToPage | undefined;
  notice: string | null;
  emptyText: string;
  listClassName: string;
  nameOf: (item: T) => string;
  dialogDescriptions: { add: string; edit: string };
  dialogClassName?: string;
  renderCard: (item: T, props: ItemCardProps) => React.ReactNode;
  renderForm: (props: ItemFormProps<T>) => React.ReactNode;
  /**
   * For a page that manages more than these items: they sit in a section of this name with the Add link
   * beside it, under `children`. Without it the Add link stands by the page's title.
   */
  itemsHeading?: string;
  children?: React.ReactNode;
}

const titleCase = (words: string) => words.replace(/(^|\s)\S/g, (letter) => letter.toUpperCase());
const sentenceCase = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

/**
 * The screen services, products, blog posts and gallery items share (spec section 4): the items as cards,
 * Add and Edit in a dialog once hydrated, and before that the same form on the page, posted to the route's
 * action, which answers a refusal with what was typed or redirects with a notice of the save.
 */
export function ManagementPage<T extends { id: number }>(props: ManagementPageProps<T>) {
  const { noun, page, items, posted, itemsHeading } = props;
  const editor = useEditMode<T>();
  const { run, pending } = useAdminAction();
  const navigate = useNavigate();
  // Only the item form posts without an intent; a refused delete or another form leaves what the address says.
  const postedToItemForm = posted && !posted.values.intent ? posted : undefined;
  // After a refused save the form stays open with what was typed; otherwise the address says what is open.
  const editing = postedToItemForm ? (items.find((item) => item.id === postedToItemForm.id) ?? "new") : props.editing;
  const Heading = itemsHeading ? "h3" : "h2";
  const backToList = () => void navigate(page);

  const remove = (item: T) =>
    run(() => api("DELETE", `${props.apiPath}/${item.id}`), {
      success: saveToast(sentenceCase(noun), "deleted"),
    });

  const addLink = (
    <AddNewLink href={`${page}?edit=new`} onOpen={editor.create}>
      {props.addLabel}
    </AddNewLink>
  );
  const itemsOnPage = (
    <>
      {editing && (
        <Card className="mb-6 grid gap-4 p-5">
          <Heading className="text-xl font-semibold leading-tight">
            {editing === "new" ? `Add New ${titleCase(noun)}` : `Edit ${props.nameOf(editing)}`}
          </Heading>
          {props.renderForm({
            item: editing === "new" ? null : editing,
            posted: postedToItemForm,
            inline: true,
            onSaved: backToList,
            onCancel: backToList,
          })}
        </Card>
      )}
      {items.length === 0 ? (
        <EmptyState>{props.emptyText}</EmptyState>
      ) : (
        <ul className={`grid gap-4 ${props.listClassName}`}>
          {items.map((item) => (
            <li key={item.id}>
              {props.renderCard(item, {
                busy: pending,
                onEdit: () => editor.edit(item),
                onDelete: () => remove(item),
              })}
            </li>
          ))}
        </ul>
      )}
    </>
  );

  return (
    <AdminPage title={props.title} actions={itemsHeading ? undefined : addLink}>
      {props.notice && !posted && <SavedNotice>{props.notice}</SavedNotice>}
      {/* A refusal no field can show: a delete, another form's, an image file that is not one. */}
      {posted && (!postedToItemForm || Object.keys(posted.fieldErrors).length === 0) && (
        <RefusedNotice>{posted.message}</RefusedNotice>
      )}
      {props.children}
      {itemsHeading ? (
        <section aria-labelledby="managed-items">
          <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
            <h2 id="managed-items" className="text-2xl font-semibold">
              {itemsHeading}
            </h2>
            {addLink}
          </div>
          {itemsOnPage}
        </section>
      ) : (
        itemsOnPage
      )}
      <FormDialog
        open={editor.open}
        onOpenChange={editor.onOpenChange}
        title={editor.editing ? `Edit ${titleCase(noun)}` : `Add New ${titleCase(noun)}`}
        description={editor.editing ? props.dialogDescriptions.edit : props.dialogDescriptions.add}
        className={props.dialogClassName}
      >
        {props.renderForm({ item: editor.editing, onSaved: editor.done, onCancel: editor.done })}
      </FormDialog>
    </AdminPage>
  );
}
