import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, type DefaultValues, type FieldValues, type Path, type Resolver } from "react-hook-form";
import type { z } from "zod";
import { FormDialogActions } from "~/components/ui/form-dialog";
import { InlineFormActions } from "~/components/ui/page-notice";
import { postedFields, type PostedForm } from "~/lib/posted-form";
import { useSaveResource } from "~/lib/use-admin-action";

/** What a management screen gives its item form, on the page or in the dialog. */
export interface ItemFormProps<T> {
  item: T | null;
  /** The refused save of this form posted without JavaScript, shown with what was typed. */
  posted?: PostedForm;
  /** On the page rather than in the dialog: the form without JavaScript. */
  inline?: boolean;
  onSaved: () => void;
  onCancel: () => void;
}

interface ResourceFormOptions<I extends FieldValues, V extends object, F extends Path<I>> {
  schema: z.ZodType<V, I>;
  /** The form's fields: the ones the server may name in a refusal, each shown under its input. */
  fields: readonly F[];
  /** The item being edited; none for a new one. */
  item: { id: number } | null;
  /** What the form opens with: the item's values, or a new item's; a refused post's values win over these. */
  defaults: Record<string, unknown>;
  posted: PostedForm | undefined;
  /** As the toasts name it: "Product" → "Product created". */
  noun: string;
  /** The noun inside the toast's sentence when plain lower case is wrong ("FAQ"). */
  nounInSentence?: string;
  /** The API collection: POST for a new item, PUT `/{id}` for an existing one. */
  endpoint: string;
  /** The field a 409 from the server belongs to (a taken order number). */
  conflictField?: F;
  /** The body the API is sent, when it is more than the values. */
  body?: (values: V) => object;
  onSaved: () => void;
}

/**
 * The state of an admin item's form, the same in every management screen: react-hook-form checking with
 * the feature's schema, what the server's HTML writes into each input before hydration (`initial`), each
 * field's message from the client's check or the refused post (`errorOf`), and a submit that saves
 * through the API with the spec's toasts.
 */
export function useResourceForm<I extends FieldValues, V extends object, F extends Path<I>>(
  options: ResourceFormOptions<I, V, F>,
) {
  const { posted, item, body, onSaved } = options;
  const defaults = posted?.values ?? options.defaults;
  const form = useForm<I, unknown, V>({
    // zodResolver infers its types from a concrete schema; here the schema is generic.
    resolver: zodResolver(options.schema as never) as unknown as Resolver<I, unknown, V>,
    defaultValues: defaults as DefaultValues<I>,
  });
  // The admin forms are flat: each field's error sits at its own name.
  const { initial, errorOf } = postedFields<F>(
    defaults,
    form.formState.errors as Partial<Record<F, { message?: string }>>,
    posted,
  );
  const save = useSaveResource<I>({
    noun: options.noun,
    nounInSentence: options.nounInSentence,
    endpoint: options.endpoint,
    setError: form.setError,
    fields: options.fields,
    conflictField: options.conflictField,
  });
  const onSubmit = form.handleSubmit(async (values) => {
    const saved = await save(item, body ? body(values) : values);
    if (saved) onSaved();
  });
  return { ...form, initial, errorOf, onSubmit };
}

/**
 * An admin item's form: posted to its page's action before hydration (`page`, multipart when it carries an
 * image file), saved through the API after; under it Cancel and the submit button, in the dialog's manner
 * or, shown on the page itself, with Cancel a link back to the list.
 */
export function ResourceForm({
  page,
  multipart = false,
  itemId,
  onSubmit,
  inline,
  submitLabel,
  submitting,
  onCancel,
  children,
}: {
  page: string;
  multipart?: boolean;
  itemId: number | undefined;
  onSubmit: React.FormEventHandler<HTMLFormElement>;
  inline: boolean;
  submitLabel: string;
  submitting: boolean;
  onCancel: () => void;
  children: React.ReactNode;
}) {
  return (
    <form
      method="post"
      action={page}
      encType={multipart ? "multipart/form-data" : undefined}
      onSubmit={onSubmit}
      noValidate
      className="grid gap-4"
    >
      {itemId !== undefined && <input type="hidden" name="id" value={itemId} />}
      {children}
      {inline ? (
        <InlineFormActions cancelHref={page} submitLabel={submitLabel} submitting={submitting} />
      ) : (
        <FormDialogActions submitLabel={submitLabel} submitting={submitting} onCancel={onCancel} />
      )}
    </form>
  );
}
