import { data, Link } from "react-router";
import { AdminPage, adminMeta } from "~/components/layout/admin-page";
import { Button } from "~/components/ui/button";
import { requireAdminPage } from "~/features/auth/require-admin.server";
import { ChartFigure } from "~/features/reports/components/chart-figure";
import { ColumnChart, HeatMap, PercentBars, StackedBar } from "~/features/reports/components/charts";
import { ReportDefinitions } from "~/features/reports/components/definitions";
import { changeOfAmount, changeOfRate, formatRate, Headline } from "~/features/reports/components/headline";
import { PeriodPicker } from "~/features/reports/components/period-picker";
import { previousPeriod, readPeriodChoice, type Summary } from "~/features/reports/reports.schema";
import { reportSummary } from "~/features/reports/reports.server";
import { formatPounds } from "~/lib/money";
import { formatShopDate, shopToday } from "~/lib/shop-time";
import type { Route } from "./+types/reports";

/** The owner's books (issue 32): a period's figures against the period before, and charts drawn on the server. */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context);
  const choice = readPeriodChoice(new URL(request.url).searchParams, shopToday());
  const [summary, before] = await Promise.all([
    reportSummary(context, choice.period),
    reportSummary(context, previousPeriod(choice.period)),
  ]);
  return data({ choice, summary, before }, choice.problem ? 400 : 200);
}

export const meta = () => adminMeta("Reports");

const query = (summary: Pick<Summary, "from" | "to">) => `from=${summary.from}&to=${summary.to}`;

export default function Reports({ loaderData }: Route.ComponentProps) {
  const { choice, summary, before } = loaderData;
  const { appointments, takings } = summary;
  const dayLabel = (date: string) => formatShopDate(date, summary.byDay.length > 7 ? "monthDay" : "weekdayShort");
  const busiest = summary.byHour.toSorted((a, b) => b.appointments - a.appointments)[0];
  const hours = openHours(summary.byHour);
  const cancelledInTime = appointments.cancelled - appointments.lateCancelled;
  return (
    <AdminPage
      title="Reports"
      actions={
        <Button variant="outline" asChild>
          <Link to={`/admin/reports/pay?period=custom&${query(summary)}`}>Pay</Link>
        </Button>
      }
    >
      <PeriodPicker action="/admin/reports" choice={choice} />
      <p className="mb-4 text-sm text-muted-foreground">
        {formatShopDate(summary.from, "medium")} to {formatShopDate(summary.to, "medium")}, against{" "}
        {formatShopDate(before.from, "medium")} to {formatShopDate(before.to, "medium")}.
      </p>
      <dl className="mb-8 grid grid-cols-2 gap-3 lg:grid-cols-6">
        <Headline
          label="Net takings"
          value={formatPounds(takings.net)}
          change={changeOfAmount(takings.net, before.takings.net)}
        />
        <Headline
          label="Appointments"
          value={String(appointments.booked)}
          change={changeOfAmount(appointments.booked, before.appointments.booked)}
        />
        <Headline
          label="No-show rate"
          value={formatRate(summary.noShowRate)}
          change={changeOfRate(summary.noShowRate, before.noShowRate)}
        />
        <Headline
          label="Utilisation"
          value={formatRate(summary.utilisation.overall)}
          change={changeOfRate(summary.utilisation.overall, before.utilisation.overall)}
        />
        <Headline
          label="Rebooking rate"
          value={formatRate(summary.rebookingRate)}
          change={changeOfRate(summary.rebookingRate, before.rebookingRate)}
        />
        <Headline
          label="New customers"
          value={String(summary.customers.new)}
          change={changeOfAmount(summary.customers.new, before.customers.new)}
        />
      </dl>
      <div className="grid gap-4 lg:grid-cols-2">
        <ChartFigure
          id="takings-by-day"
          title="Takings by day"
          summary={`Net takings of ${formatPounds(takings.net)} over ${summary.byDay.length} days: services ${formatPounds(takings.services)}, products ${formatPounds(takings.products)}, tips ${formatPounds(takings.tips)}, fees ${formatPounds(takings.fees)}, deposits kept ${formatPounds(takings.depositsKept)}, less refunds of ${formatPounds(takings.refunds)}.`}
          chart={
            <ColumnChart
              id="takings-by-day"
              items={summary.byDay.map((day) => ({ label: dayLabel(day.date), value: day.net }))}
              format={(value) => formatPounds(value).replace(/\.00$/, "")}
            />
          }
          table={{
            head: ["Day", "Appointments", "Net takings"],
            rows: summary.byDay.map((day) => [
              formatShopDate(day.date, "day"),
              day.appointments,
              formatPounds(day.net),
            ]),
          }}
        />
        <ChartFigure
          id="utilisation"
          title="Each barber's chair"
          summary={
            summary.utilisation.byMember.length === 0
              ? "No barber worked in this period."
              : `Booked minutes as a share of working minutes: ${summary.utilisation.byMember.map((row) => `${row.name} ${formatRate(row.rate)}`).join(", ")}; the shop ${formatRate(summary.utilisation.overall)}.`
          }
          chart={
            <PercentBars
              id="utilisation"
              rows={summary.utilisation.byMember.map((row) => ({ label: row.name, value: row.rate }))}
            />
          }
          table={{
            head: ["Barber", "Booked minutes", "Working minutes", "Utilisation"],
            rows: summary.utilisation.byMember.map((row) => [
              row.name,
              row.bookedMinutes,
              row.workingMinutes,
              formatRate(row.rate),
            ]),
          }}
        />
        <ChartFigure
          id="no-shows"
          title="Turned up, didn't, cancelled"
          summary={`${appointments.attended} attended, ${appointments.noShow} no-shows (a no-show rate of ${formatRate(summary.noShowRate)}), ${appointments.lateCancelled} cancelled late by the customer and ${cancelledInTime} cancelled in time; ${appointments.walkIns} walk-ins.`}
          chart={
            <StackedBar
              id="no-shows"
              parts={[
                { label: "Attended", value: appointments.attended, fill: "var(--color-success)" },
                { label: "No-shows", value: appointments.noShow, fill: "var(--color-destructive)" },
                { label: "Cancelled late", value: appointments.lateCancelled, fill: "var(--color-accent)" },
                { label: "Cancelled in time", value: cancelledInTime, fill: "var(--color-muted-foreground)" },
              ]}
            />
          }
          table={{
            head: ["Appointments", "Count"],
            rows: [
              ["Booked", appointments.booked],
              ["Attended", appointments.attended],
              ["No-shows", appointments.noShow],
              ["Cancelled", appointments.cancelled],
              ["Cancelled late", appointments.lateCancelled],
              ["Walk-ins", appointments.walkIns],
            ],
          }}
        />
        <ChartFigure
          id="busiest-hours"
          title="Busiest hours"
          summary={
            busiest
              ? `Appointments by weekday and starting hour; the busiest is ${WEEKDAY_NAMES[busiest.weekday - 1]} at ${String(busiest.hour).padStart(2, "0")}:00 with ${busiest.appointments}.`
              : "No appointments in this period."
          }
          chart={<HeatMap id="busiest-hours" cells={summary.byHour} hours={hours} />}
          table={{
            head: ["Weekday and hour", "Appointments"],
            rows: summary.byHour.map((cell) => [
              `${WEEKDAY_NAMES[cell.weekday - 1]} ${String(cell.hour).padStart(2, "0")}:00`,
              cell.appointments,
            ]),
          }}
        />
      </div>
      <section className="mt-8 grid gap-2 text-sm" aria-labelledby="money-detail">
        <h2 id="money-detail" className="text-lg font-semibold">
          How it was paid
        </h2>
        <p>
          Cash {formatPounds(takings.byMethod.cash)} · card reader {formatPounds(takings.byMethod.card)} · online{" "}
          {formatPounds(takings.byMethod.online)} · card on file {formatPounds(takings.byMethod.cardOnFile)} · gift
          cards {formatPounds(takings.byMethod.giftCard)}. Customers: {summary.customers.new} new,{" "}
          {summary.customers.returning} returning; {formatRate(summary.customers.returnedWithin60Days)} of new customers
          came back within 60 days.
        </p>
        <p className="flex flex-wrap gap-3">
          <a className="underline" href={`/api/reports/summary.csv?${query(summary)}`}>
            Summary (CSV)
          </a>
          <a className="underline" href={`/api/reports/payments.csv?${query(summary)}`}>
            Every payment (CSV)
          </a>
          <a className="underline" href={`/api/reports/pay.csv?${query(summary)}`}>
            Pay (CSV)
          </a>
        </p>
      </section>
      <ReportDefinitions />
    </AdminPage>
  );
}

const WEEKDAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/** The hours the heat map spans: 08:00 to 19:00, widened to any hour with appointments. */
function openHours(cells: Summary["byHour"]) {
  const first = Math.min(8, ...cells.map((cell) => cell.hour));
  const last = Math.max(19, ...cells.map((cell) => cell.hour));
  return Array.from({ length: last - first + 1 }, (_, index) => first + index);
}
