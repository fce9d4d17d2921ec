import { zodResolver } from "@hookform/resolvers/zod";
import { Plus } from "lucide-react";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { toast } from "~/components/ui/toast-store";
import { api } from "~/lib/api-client";
import { withFieldErrors } from "~/lib/form-errors";
import { formatShopDate } from "~/lib/shop-time";
import { useAdminAction } from "~/lib/use-admin-action";
import {
  DEFAULT_SLOT_END,
  DEFAULT_SLOT_START,
  REPEAT_MINUTES,
  slotCreateSchema,
  type SlotCreateInput,
  type SlotCreateValues,
} from "../booking.schema";
import { type PublicSlot } from "../booking-answers.schema";
import { SELECT_DATE_MESSAGE } from "../booking-messages.schema";
import { planSlots } from "../rules/slot-plan";

const FIELDS = ["dates", "startTime", "endTime", "repeatEveryMinutes"] as const;

/** "Add New Booking Slots": one time range on every selected date, optionally cut into back-to-back slots. */
export function AddSlotsDialog({ dates }: { dates: readonly string[] }) {
  const [open, setOpen] = useState(false);
  const { run } = useAdminAction();
  const form = useForm<SlotCreateInput, unknown, SlotCreateValues>({
    resolver: zodResolver(slotCreateSchema),
    defaultValues: { dates: [], startTime: DEFAULT_SLOT_START, endTime: DEFAULT_SLOT_END, repeatEveryMinutes: "" },
  });
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = form;
  const watched = useWatch({ control: form.control });
  const preview = slotCreateSchema.safeParse({ ...watched, dates });
  const planned = preview.success ? planSlots(preview.data).length : 0;

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (next) form.reset({ ...form.getValues(), dates: [...dates] });
  }

  async function create(values: SlotCreateValues) {
    const created = await run(
      () =>
        withFieldErrors(api<PublicSlot[]>("POST", "/api/booking-slots", values), form.setError, {
          fields: FIELDS,
          conflictField: "startTime",
        }),
      { success: { title: "Booking slots created successfully" }, errorTitle: "Failed to create booking slots" },
    );
    if (created) setOpen(false);
  }

  const noDates = () => toast({ title: SELECT_DATE_MESSAGE, variant: "destructive" });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden />
          Add Slots
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add New Booking Slots</DialogTitle>
          <DialogDescription>Selected dates: {dates.length}</DialogDescription>
        </DialogHeader>
        {dates.length > 0 ? (
          <p className="text-sm text-muted-foreground">{dates.map((date) => formatShopDate(date, "day")).join(", ")}</p>
        ) : (
          <p role="alert" className="text-sm font-medium text-destructive">
            {SELECT_DATE_MESSAGE}
          </p>
        )}
        <form
          method="post"
          onSubmit={handleSubmit(create, (invalid) => {
            if (invalid.dates) noDates();
          })}
          noValidate
          className="grid gap-4"
        >
          <div className="grid grid-cols-2 gap-4">
            <FormField label="Start time" error={errors.startTime?.message}>
              {(field) => <Input {...field} type="time" step={300} {...register("startTime")} />}
            </FormField>
            <FormField label="End time" error={errors.endTime?.message}>
              {(field) => <Input {...field} type="time" step={300} {...register("endTime")} />}
            </FormField>
          </div>
          <FormField
            label="Repeat every N minutes (optional)"
            error={errors.repeatEveryMinutes?.message}
            hint="Leave empty for one slot from start to end. Enter 30 to fill the time range with back-to-back 30-minute slots."
          >
            {(field) => (
              <Input
                {...field}
                type="number"
                inputMode="numeric"
                min={REPEAT_MINUTES.min}
                max={REPEAT_MINUTES.max}
                step={5}
                placeholder="e.g. 30"
                {...register("repeatEveryMinutes")}
              />
            )}
          </FormField>
          <p className="text-sm" aria-live="polite">
            {planned > 0 && `This will create ${planned} ${planned === 1 ? "slot" : "slots"}.`}
          </p>
          <DialogFooter>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? "Adding..." : "Add Slots"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
