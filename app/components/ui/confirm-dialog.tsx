import { AlertDialog } from "radix-ui";
import { cn } from "~/lib/cn";
import { buttonVariants } from "./button";
import { dialogPanelClass, overlayClass } from "./dialog";

interface ConfirmDialogProps {
  /** The element that opens the dialog (a delete button, usually); none when the caller opens it (`open`). */
  trigger?: React.ReactNode;
  /** Opened and closed by the caller instead of a trigger (a form's submit asks first). */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  title: string;
  description?: string;
  confirmLabel?: string;
  /** The label of the button that backs out, when "Cancel" would be ambiguous (cancelling a booking). */
  cancelLabel?: string;
  /** Inputs the confirmation needs, shown above the buttons (the admin's password before removing an admin). */
  fields?: React.ReactNode;
  onConfirm: () => void;
}

/** Asks before a destructive action, e.g. "Are you sure you want to delete this submission?". */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel = "Delete",
  cancelLabel = "Cancel",
  fields,
  onConfirm,
  open,
  onOpenChange,
}: ConfirmDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>}
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={overlayClass} />
        <AlertDialog.Content className={dialogPanelClass}>
          <AlertDialog.Title className="font-display text-xl font-semibold">{title}</AlertDialog.Title>
          <AlertDialog.Description className={cn("text-sm text-muted-foreground", !description && "sr-only")}>
            {description ?? title}
          </AlertDialog.Description>
          {fields && <div className="grid gap-4">{fields}</div>}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonVariants({ variant: "outline" })}>{cancelLabel}</AlertDialog.Cancel>
            <AlertDialog.Action className={buttonVariants({ variant: "destructive" })} onClick={onConfirm}>
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

interface ConfirmDeleteProps {
  /** What kind of item, for the question: "service", "gallery item", "image". */
  thing: string;
  /** Says what is lost; by default the item's name "will be removed for good". */
  name: string;
  consequence?: string;
  trigger: React.ReactNode;
  onConfirm: () => void;
}

/** The one way the admin asks before deleting anything: "Are you sure you want to delete this service?" */
export function ConfirmDelete({ thing, name, consequence, trigger, onConfirm }: ConfirmDeleteProps) {
  return (
    <ConfirmDialog
      title={`Are you sure you want to delete this ${thing}?`}
      description={consequence ?? `“${name}” will be removed for good.`}
      onConfirm={onConfirm}
      trigger={trigger}
    />
  );
}

/**
 * The bin's form, so that deleting works before hydration too: without JavaScript its submit button posts
 * `intent=delete` and the id to the page's action; hydrated, the button opens its confirmation instead and
 * the form never submits.
 */
export function DeleteForm({ id, action, children }: { id: number; action?: string; children: React.ReactNode }) {
  return (
    <form method="post" action={action} onSubmit={(event) => event.preventDefault()}>
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="id" value={id} />
      {children}
    </form>
  );
}
