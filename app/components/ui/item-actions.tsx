import { Pencil, Trash2 } from "lucide-react";
import { Button } from "./button";

interface ItemActionsProps {
  /** Names the item for screen readers: "Edit Skin Fade", "Delete Skin Fade". */
  name: string;
  onEdit: () => void;
  onDelete: () => void;
  disabled?: boolean;
}

/** The pencil and bin buttons of an admin list card. */
export function ItemActions({ name, onEdit, onDelete, disabled }: ItemActionsProps) {
  return (
    <div className="flex shrink-0 gap-1">
      <Button
        type="button"
        variant="ghost"
        size="icon"
        aria-label={`Edit ${name}`}
        title="Edit"
        onClick={onEdit}
        disabled={disabled}
      >
        <Pencil aria-hidden />
      </Button>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        aria-label={`Delete ${name}`}
        title="Delete"
        onClick={onDelete}
        disabled={disabled}
        className="text-destructive hover:bg-red-50"
      >
        <Trash2 aria-hidden />
      </Button>
    </div>
  );
}
