import { Pencil, Trash2 } from "lucide-react";
import { Button } from "./button";
import { ConfirmDelete } from "./confirm-dialog";

interface ItemActionsProps {
  /** Names the item for screen readers: "Edit Skin Fade", "Delete Skin Fade". */
  name: string;
  /** What kind of item, for the delete confirmation: "service", "product". */
  thing: string;
  onEdit: () => void;
  /** Where editing opens without JavaScript (a page showing the form); hydrated, the click calls `onEdit`. */
  editHref?: string;
  onDelete: () => void;
  disabled?: boolean;
}

/** The pencil and bin buttons of an admin list card; the bin asks before deleting. */
export function ItemActions({ name, thing, onEdit, editHref, onDelete, disabled }: ItemActionsProps) {
  return (
    <div className="flex shrink-0 gap-1">
      {editHref ? (
        <Button asChild variant="ghost" size="icon">
          <a
            href={editHref}
            aria-label={`Edit ${name}`}
            title="Edit"
            onClick={(event) => {
              event.preventDefault();
              onEdit();
            }}
          >
            <Pencil aria-hidden />
          </a>
        </Button>
      ) : (
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
      )}
      <ConfirmDelete
        thing={thing}
        name={name}
        onConfirm={onDelete}
        trigger={
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label={`Delete ${name}`}
            title="Delete"
            disabled={disabled}
            className="text-destructive hover:bg-red-50"
          >
            <Trash2 aria-hidden />
          </Button>
        }
      />
    </div>
  );
}
