import { CalendarClock, Mail, Phone, Trash2 } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { ConfirmDelete, DeleteForm } from "~/components/ui/confirm-dialog";
import { mailStatusBadge } from "~/lib/mail-status";
import { formatShopInstant } from "~/lib/shop-time";
import type { ContactSubmission } from "../contact.schema";

/** Green for sent, red for failed, yellow for anything else (pending, mail not set up). */
function StatusBadge({ status }: { status: string }) {
  const { label, variant } = mailStatusBadge(status);
  return <Badge variant={variant}>{label}</Badge>;
}

interface ContactAdminSubmissionCardProps {
  submission: ContactSubmission;
  onDelete: () => void;
  busy: boolean;
}

export function ContactAdminSubmissionCard({ submission, onDelete, busy }: ContactAdminSubmissionCardProps) {
  return (
    <Card className="grid gap-3 p-5">
      <div className="flex items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <h2 className="flex flex-wrap items-center gap-2 font-sans text-lg font-semibold tracking-normal">
            {submission.name}
            <StatusBadge status={submission.status} />
          </h2>
          <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
            <CalendarClock aria-hidden className="size-4" />
            <time dateTime={submission.createdAt}>
              {formatShopInstant(submission.createdAt, "medium", { withTime: true })}
            </time>
          </p>
        </div>
        <DeleteForm id={submission.id}>
          <ConfirmDelete
            thing="submission"
            name={submission.name}
            consequence={`The message from ${submission.name} will be removed for good.`}
            onConfirm={onDelete}
            trigger={
              <Button
                type="submit"
                variant="outline"
                size="sm"
                disabled={busy}
                className="text-destructive hover:bg-red-50"
              >
                <Trash2 aria-hidden />
                {/* Only the bin on phones, so the name keeps the room. */}
                <span className="sr-only sm:not-sr-only">Delete</span>
                <span className="sr-only"> the submission from {submission.name}</span>
              </Button>
            }
          />
        </DeleteForm>
      </div>
      <div className="flex flex-wrap gap-x-5 gap-y-1 text-sm">
        <a
          href={`mailto:${submission.email}`}
          className="inline-flex items-center gap-1.5 font-medium text-accent-text underline-offset-4 hover:underline"
        >
          <Mail aria-hidden className="size-4" />
          {submission.email}
        </a>
        <a
          href={`tel:${submission.phone.replace(/[^\d+]/g, "")}`}
          className="inline-flex items-center gap-1.5 font-medium text-accent-text underline-offset-4 hover:underline"
        >
          <Phone aria-hidden className="size-4" />
          {submission.phone}
        </a>
      </div>
      {submission.error && (
        <p className="rounded-md bg-red-50 px-3 py-2 text-sm text-destructive">
          <span className="font-semibold">Error:</span> {submission.error}
        </p>
      )}
      <p className="whitespace-pre-wrap break-words rounded-md bg-muted/60 px-3 py-2 text-sm">{submission.message}</p>
    </Card>
  );
}
