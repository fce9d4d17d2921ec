import { Plus } from "lucide-react";
import { Link } from "react-router";
import { Button } from "./button";

/** What a form posted without JavaScript did, on the page its action redirected to ("Product created: …"). */
export function SavedNotice({ children }: { children: React.ReactNode }) {
  return (
    <p
      role="status"
      className="mb-6 rounded-md border border-green-300 bg-green-50 p-3 text-sm font-medium text-green-900"
    >
      {children}
    </p>
  );
}

/** Why a post without JavaScript was refused where no form field can say it (a delete, say). */
export function RefusedNotice({ children }: { children: React.ReactNode }) {
  return (
    <p role="alert" className="mb-6 rounded-md border border-destructive p-3 text-sm font-medium text-destructive">
      {children}
    </p>
  );
}

/** "Add New …": a link to the page with its form open (`?edit=new`); hydrated, it opens the dialog instead. */
export function AddNewLink({ href, onOpen, children }: { href: string; onOpen: () => void; children: string }) {
  return (
    <Button asChild>
      <a
        href={href}
        onClick={(event) => {
          event.preventDefault();
          onOpen();
        }}
      >
        <Plus aria-hidden />
        {children}
      </a>
    </Button>
  );
}

/** Cancel (back to the list) and submit under a form shown on the page rather than in its dialog. */
export function InlineFormActions({
  cancelHref,
  submitLabel,
  submitting,
}: {
  cancelHref: string;
  submitLabel: string;
  submitting: boolean;
}) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button asChild variant="outline">
        <Link to={cancelHref}>Cancel</Link>
      </Button>
      <Button type="submit" disabled={submitting}>
        {submitLabel}
      </Button>
    </div>
  );
}
