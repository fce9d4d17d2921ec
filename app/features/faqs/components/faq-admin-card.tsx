import { Pencil, Trash2 } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { ConfirmDelete, DeleteForm } from "~/components/ui/confirm-dialog";
import { cn } from "~/lib/cn";
import type { Faq } from "../faqs.schema";

interface FaqAdminCardProps {
  faq: Faq;
  editing: boolean;
  onEdit: () => void;
  onDelete: () => void;
  busy: boolean;
}

export function FaqAdminCard({ faq, editing, onEdit, onDelete, busy }: FaqAdminCardProps) {
  return (
    <Card className={cn("grid gap-3 p-5", editing && "border-accent ring-2 ring-accent/40")}>
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <Badge>{faq.category}</Badge>
        <span className="text-muted-foreground">Order {faq.order}</span>
      </div>
      <h3 className="font-sans text-base font-semibold tracking-normal">{faq.question}</h3>
      <p className="whitespace-pre-line text-sm text-muted-foreground">{faq.answer}</p>
      <div className="flex gap-2">
        {/* Links and a form, so that editing and deleting work without JavaScript too (the page's action). */}
        <Button asChild variant="outline" size="sm">
          <a
            href={`/admin/faq?edit=${faq.id}`}
            onClick={(event) => {
              event.preventDefault();
              onEdit();
            }}
          >
            <Pencil aria-hidden />
            Edit<span className="sr-only">: {faq.question}</span>
          </a>
        </Button>
        <DeleteForm id={faq.id} action="/admin/faq">
          <ConfirmDelete
            thing="FAQ"
            name={faq.question}
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
                Delete<span className="sr-only">: {faq.question}</span>
              </Button>
            }
          />
        </DeleteForm>
      </div>
    </Card>
  );
}
