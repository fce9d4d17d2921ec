import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "./dialog";

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
