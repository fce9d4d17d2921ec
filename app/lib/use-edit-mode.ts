import { useCallback, useState } from "react";

/**
 * The create/edit state every admin form shares (spec section 4): choosing an
 * item enters edit mode; a successful save or a cancel returns to create mode.
 * `open` serves the screens whose form lives in a dialog.
 */
export function useEditMode<T>() {
  const [editing, setEditing] = useState<T | null>(null);
  const [open, setOpen] = useState(false);

  const create = useCallback(() => {
    setEditing(null);
    setOpen(true);
  }, []);
  const edit = useCallback((item: T) => {
    setEditing(item);
    setOpen(true);
  }, []);
  const done = useCallback(() => {
    setEditing(null);
    setOpen(false);
  }, []);
  const onOpenChange = useCallback((next: boolean) => {
    if (next) setOpen(true);
    else {
      setEditing(null);
      setOpen(false);
    }
  }, []);

  return { editing, open, create, edit, done, onOpenChange };
}
