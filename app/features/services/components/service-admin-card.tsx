import { Card } from "~/components/ui/card";
import { ItemActions } from "~/components/ui/item-actions";
import { formatPounds } from "~/lib/money";
import { SERVICE_CATEGORY_HEADINGS, type Service } from "../services.schema";
import { ServiceIcon } from "./service-icon";

interface ServiceAdminCardProps {
  service: Service;
  onEdit: () => void;
  onDelete: () => void;
  busy: boolean;
}

/** One service in Manage Services: what the price list shows, plus its order and the edit and delete buttons. */
export function ServiceAdminCard({ service, onEdit, onDelete, busy }: ServiceAdminCardProps) {
  return (
    <Card className="flex h-full gap-4 p-5">
      <span className="hidden size-11 shrink-0 place-items-center rounded-full bg-muted text-accent-text sm:grid">
        <ServiceIcon name={service.icon} className="size-5" />
      </span>
      <div className="grid min-w-0 flex-1 content-start gap-2">
        <div className="flex items-start justify-between gap-2">
          <h2 className="text-xl font-semibold leading-tight">{service.title}</h2>
          <ItemActions
            name={service.title}
            thing="service"
            onEdit={onEdit}
            editHref={`/admin/services?edit=${service.id}`}
            onDelete={onDelete}
            deleteId={service.id}
            disabled={busy}
          />
        </div>
        <p className="text-sm text-muted-foreground">{service.description}</p>
        <dl className="flex flex-wrap gap-x-5 gap-y-1 text-sm">
          <Detail term="Price" value={formatPounds(service.price)} />
          <Detail term="Duration" value={`${service.duration} mins`} />
          <Detail term="Category" value={SERVICE_CATEGORY_HEADINGS[service.category] ?? service.category} />
          <Detail term="Order" value={String(service.order)} />
        </dl>
      </div>
    </Card>
  );
}

function Detail({ term, value }: { term: string; value: string }) {
  return (
    <div className="flex gap-1">
      <dt className="text-muted-foreground">{term}:</dt>
      <dd className="font-semibold">{value}</dd>
    </div>
  );
}
