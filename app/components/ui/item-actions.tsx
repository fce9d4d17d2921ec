import { Pencil, Trash2 } from "lucide-react";
import { Button } from "./button";
import { ConfirmDelete, DeleteForm } from "./confirm-dialog";

interface ItemActionsProps {
  /** Names the item for screen readers: "Edit Skin Fade", "Delete Skin Fade". */
  name: string;
  /** What kind of item, for the delete confirmation: "service", "product". */
  thing: string;
  onEdit: () => void;
  /** Where editing opens without JavaScript (a page showing the form); hydrated, the click calls `onEdit`. */
  editHref?: string;
  /** The item's id, posted with `intent=delete` to the page's action when the bin is pressed without JavaScript. */
  deleteId?: number;
  onDelete: () => void;
  disabled?: boolean;
}

/** The pencil and bin buttons of an admin list card; the bin asks before deleting. */
export function ItemActions({ name, thing, onEdit, editHref, deleteId, onDelete, disabled }: ItemActionsProps) {
  const confirm = (
    <ConfirmDelete
      thing={thing}
      name={name}
      onConfirm={onDelete}
      trigger={
        <Button
          type={deleteId === undefined ? "button" : "submit"}
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
  );
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
      {deleteId === undefined ? confirm : <DeleteForm id={deleteId}>{confirm}</DeleteForm>}
    </div>
  );
}
