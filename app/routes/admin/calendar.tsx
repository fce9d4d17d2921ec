import { redirect } from "react-router";
import { adminMeta } from "~/components/layout/admin-page";
import { requireAdminPage } from "~/features/auth/require-admin.server";
import { createBlock, deleteBlock } from "~/features/booking/blocks.server";
import { adminMoveSchema, blockSchema, walkInSchema } from "~/features/booking/booking.schema";
import { calendarQuerySchema, calendarRange, calendarUrl } from "~/features/booking/calendar-query";
import { postCalendarFeed, takeShownFeed, withShownFeed } from "~/features/booking/calendar-feed-form.server";
import { loadCalendar } from "~/features/booking/calendar.server";
import { ownerMoveChoice } from "~/features/booking/calendar-move.server";
import { listServices } from "~/features/services/services.server";
import { listPublicTeam } from "~/features/team/team.server";
import { OwnerCalendar } from "~/features/booking/components/owner-calendar";
import { moveBooking, recordWalkIn } from "~/features/booking/write/booking-write.server";
import { attendanceSchema } from "~/features/customers/customers.schema";
import { recordAttendance } from "~/features/customers/customers.server";
import { DayPayments } from "~/features/payments/components/day-payments";
import { ownerPaymentsOf, paymentFormRedirect } from "~/features/payments/owner-payments.server";
import { parseRowId } from "~/lib/schema-fields";
import { formFailure, formTextValues } from "~/lib/form-action.server";
import { badRequest } from "~/lib/http-error";
import { shopMoment, shopToday } from "~/lib/shop-time";
import { QueuePanel } from "~/features/queue/components/queue-panel";
import { listQueueEntries } from "~/features/queue/queue-desk.server";
import type { Route } from "./+types/calendar";

export const meta: Route.MetaFunction = () => adminMeta("Calendar");

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context);
  const today = shopToday();
  const query = calendarQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const range = calendarRange(query, today);
  const [calendar, shown, team, services, moveChoice] = await Promise.all([
    loadCalendar(context, { ...range, showCancelled: query.cancelled }),
    takeShownFeed(context, request),
    listPublicTeam(context.db),
    listServices(context.db),
    query.move === undefined
      ? null
      : ownerMoveChoice(context, query.move, { date: query.moveDate, memberId: query.moveBarber }),
  ]);
  const day = query.view === "day" ? (query.date ?? today) : null;
  const settings = await context.settings();
  const queue = day === today && settings.queue.enabled ? await listQueueEntries(context) : null;
  const payments = await ownerPaymentsOf(
    context,
    calendar.bookings.map((booking) => booking.id),
  );
  return withShownFeed(
    {
      calendar,
      payments,
      query: { ...query, date: query.date ?? today },
      today,
      now: shopMoment(),
      feed: shown.feed,
      moveChoice,
      team,
      services,
      queue,
      here: `${new URL(request.url).pathname}${new URL(request.url).search}`,
    },
    shown.headers,
  );
}

/** The loader's Set-Cookie (clearing a feed address once shown) reaches the browser. */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

const idOf = (value: FormDataEntryValue | null, what: string) => {
  const id = typeof value === "string" ? parseRowId(value) : null;
  if (id === null) throw badRequest(`Please choose a ${what}`);
  return id;
};

/**
 * Every form of the calendar posts here (moves, walk-ins, blocks, attendance, payments) and works without
 * JavaScript; each calls the same feature function as its API call, then redirects back to the view.
 */
export async function action({ context, request }: Route.ActionArgs) {
  requireAdminPage(context);
  const form = await request.formData();
  const intent = form.get("intent");
  const back = String(form.get("back") ?? "");
  let target = back.startsWith("/admin/calendar") ? back : "/admin/calendar";
  try {
    const paid = await paymentFormRedirect(context, form, "/admin/calendar");
    if (paid) return paid;
    const fields = Object.fromEntries(form);
    switch (intent) {
      case "move": {
        // A time typed in the sheet is the owner's word over the free times offered.
        const startTime = form.get("otherTime") || form.get("startTime");
        const request = adminMoveSchema.parse({ ...fields, startTime, override: form.get("override") === "on" });
        const { booking } = await moveBooking(context, {
          actor: { kind: "owner" },
          bookingId: idOf(form.get("bookingId"), "booking"),
          to: request,
        });
        target = calendarUrl(target, {
          date: booking.date,
          move: undefined,
          moveDate: undefined,
          moveBarber: undefined,
        });
        break;
      }
      case "walk-in":
        await recordWalkIn(context, {
          actor: { kind: "owner" },
          walkIn: walkInSchema.parse({ ...fields, services: form.getAll("services") }),
        });
        break;
      case "block":
        await createBlock(context.db, idOf(form.get("memberId"), "barber"), blockSchema.parse(fields));
        break;
      case "unblock":
        await deleteBlock(context.db, idOf(form.get("memberId"), "barber"), idOf(form.get("blockId"), "block"));
        break;
      case "feed":
        return await postCalendarFeed(context, form.get("memberId"), target);
      case "attendance": {
        const { attendance } = attendanceSchema.parse({ attendance: fields.attendance || null });
        await recordAttendance(context, idOf(form.get("bookingId"), "booking"), attendance);
        break;
      }
      default:
        throw badRequest("Unknown calendar action");
    }
  } catch (error) {
    // The desk's forms show a refusal beside its field with what was typed still in them.
    const typed =
      intent === "walk-in"
        ? { values: formTextValues(form), services: form.getAll("services").map(String) }
        : intent === "block"
          ? { values: formTextValues(form) }
          : {};
    return formFailure(error, { intent: String(intent ?? ""), ...typed });
  }
  return redirect(target);
}

export default function AdminCalendarPage({ loaderData, actionData }: Route.ComponentProps) {
  const { payments, queue, here, ...calendar } = loaderData;
  const day = calendar.query.view === "day" ? calendar.query.date : null;
  return (
    <OwnerCalendar
      {...calendar}
      failure={actionData}
      queuePanel={queue && <QueuePanel entries={queue} team={calendar.team} returnTo={here} />}
      paymentPanel={
        day && <DayPayments bookings={calendar.calendar.bookings.filter((b) => b.date === day)} payments={payments} />
      }
    />
  );
}
