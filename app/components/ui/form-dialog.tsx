import { Button } from "./button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "./dialog";

interface FormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  className?: string;
  children: React.ReactNode;
}

/**
 * A dialog holding an admin form. Its content unmounts on close, so the form
 * inside starts afresh (create mode, empty fields) every time it opens.
 */
export function FormDialog({ open, onOpenChange, title, description, className, children }: FormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={className}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

interface FormDialogActionsProps {
  /** The spec's submit text, e.g. "Add Service" or "Update Service". */
  submitLabel: string;
  submitting: boolean;
  onCancel: () => void;
}

/** Cancel and submit under the form in a FormDialog; submit waits while the form is being sent. */
export function FormDialogActions({ submitLabel, submitting, onCancel }: FormDialogActionsProps) {
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={submitting}>
        {submitLabel}
      </Button>
    </DialogFooter>
  );
}
