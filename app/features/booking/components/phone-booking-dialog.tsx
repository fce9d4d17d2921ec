import { type Service, ServiceChecklist } from "~/features/services";
import { Phone } from "lucide-react";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { FormDialog, FormDialogActions } from "~/components/ui/form-dialog";
import { FormField } from "~/components/ui/form-field";
import { Input, NativeSelect, Textarea } from "~/components/ui/input";
import type { PublicTeamMember } from "~/features/team";
import { api } from "~/lib/api-client";
import { formatShopDate } from "~/lib/shop-time";
import { useAdminAction } from "~/lib/use-admin-action";
import { useApiData } from "~/lib/use-api-data";
import type { AvailableTime } from "../rules/availability";
import type { AppointmentRequestInput } from "../booking.schema";
import type { BookingConfirmation } from "../booking-answers.schema";
import { ANYONE } from "../use-booking-flow";

/** An empty time chosen on the calendar: the dialog opens with its barber and time (`key` tells two clicks apart). */
export interface NewAppointmentRequest {
  key: number;
  memberId: number;
  startTime: string;
}

interface PhoneBookingDialogProps {
  date: string;
  services: readonly Service[];
  team: readonly PublicTeamMember[];
  request?: NewAppointmentRequest | null | undefined;
}

/** The shop books for a customer on the phone: the same call, rules and guard as the booking page. */
export function PhoneBookingDialog({ date, services, team, request }: PhoneBookingDialogProps) {
  const [open, setOpen] = useState(false);
  const { run, pending } = useAdminAction();
  const [serviceIds, setServiceIds] = useState<string[]>([]);
  const [member, setMember] = useState(ANYONE);
  const [startTime, setStartTime] = useState("");
  const [openedFor, setOpenedFor] = useState<number | null>(null);
  if (request && request.key !== openedFor) {
    setOpenedFor(request.key);
    setMember(String(request.memberId));
    setStartTime(request.startTime);
    setOpen(true);
  }
  const [customer, setCustomer] = useState({ customerName: "", customerEmail: "", customerPhone: "", notes: "" });
  const able = team.filter((entry) => serviceIds.every((id) => entry.serviceIds.includes(id)));
  const memberId = able.some((entry) => String(entry.id) === member) ? member : ANYONE;

  const memberParam = memberId === ANYONE ? "" : `&member=${memberId}`;
  const times =
    useApiData<AvailableTime[]>(
      open && serviceIds.length > 0
        ? `/api/availability?date=${date}&services=${serviceIds.join(",")}${memberParam}`
        : null,
    ) ?? [];
  const starts = [...new Set(times.map((time) => time.startTime))];
  // A time picked on the calendar that is not a free start: the next free one after it.
  const chosenStart = starts.includes(startTime) ? startTime : (starts.find((start) => start >= startTime) ?? "");

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const body: AppointmentRequestInput = {
      ...customer,
      date,
      startTime: chosenStart,
      services: serviceIds,
      memberId: memberId === ANYONE ? undefined : memberId,
    };
    const booked = await run(() => api<BookingConfirmation>("POST", "/api/bookings", body), {
      success: { title: "Appointment booked" },
    });
    if (booked) {
      setOpen(false);
      setServiceIds([]);
      setStartTime("");
      setCustomer({ customerName: "", customerEmail: "", customerPhone: "", notes: "" });
    }
  }

  const field = (name: keyof typeof customer) => ({
    value: customer[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setCustomer((current) => ({ ...current, [name]: event.target.value })),
  });

  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Phone aria-hidden />
        Book for a caller
      </Button>
      <FormDialog
        open={open}
        onOpenChange={setOpen}
        title="Book for a caller"
        description={`An appointment on ${formatShopDate(date)}, with the same rules as online booking.`}
        className="max-h-[90dvh] overflow-y-auto sm:max-w-xl"
      >
        <form method="post" onSubmit={submit} noValidate className="grid gap-4">
          <ServiceChecklist services={services} value={serviceIds} onChange={setServiceIds} withDuration />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Barber">
              {(props) => (
                <NativeSelect {...props} value={memberId} onChange={(event) => setMember(event.target.value)}>
                  <option value={ANYONE}>Anyone</option>
                  {able.map((entry) => (
                    <option key={entry.id} value={String(entry.id)}>
                      {entry.name}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <FormField label="Time">
              {(props) => (
                <NativeSelect {...props} value={chosenStart} onChange={(event) => setStartTime(event.target.value)}>
                  <option value="">{starts.length ? "Choose a time" : "No free time"}</option>
                  {starts.map((start) => (
                    <option key={start} value={start}>
                      {start}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
          </div>
          <FormField label="Name">{(props) => <Input {...props} {...field("customerName")} />}</FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Email">
              {(props) => <Input {...props} type="email" {...field("customerEmail")} />}
            </FormField>
            <FormField label="Phone">
              {(props) => <Input {...props} type="tel" {...field("customerPhone")} />}
            </FormField>
          </div>
          <FormField label="Notes (optional)">
            {(props) => <Textarea {...props} rows={2} {...field("notes")} />}
          </FormField>
          <FormDialogActions submitLabel="Book Appointment" submitting={pending} onCancel={() => setOpen(false)} />
        </form>
      </FormDialog>
    </>
  );
}
