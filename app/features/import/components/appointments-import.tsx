import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { RefusedNotice } from "~/components/ui/page-notice";
import {
  BOOKING_FIELD_LABELS,
  BOOKING_FIELDS,
  BOOKING_IMPORT_MAX_ROWS,
  type BookingImportResult,
} from "~/features/import/booking-import.schema";
import { formatShopDate } from "~/lib/shop-time";
import { ColumnMapping, plural, SkippedRows } from "./import-review";

/*
 * The appointments part of /admin/import, in the client file's steps: the file is posted once and checked (every
 * row booked, then all taken back) and kept server-side; the owner changes the columns' mapping and checks again
 * under the kept file's id, then imports it with that mapping and the notify choice.
 */

/** What the page's action answers for an appointments file; `upload` is the kept file, until it is imported. */
export interface AppointmentsAnswer {
  appointments: BookingImportResult;
  upload: { id: string; fileName: string } | null;
}

function AppointmentsPreview({ result }: { result: BookingImportResult }) {
  if (result.preview.length === 0) return null;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="mb-2 text-left text-lg font-semibold">
          {`The first ${plural(result.preview.length, "appointment")} as ${result.dryRun ? "they would be" : "they were"} booked`}
        </caption>
        <thead>
          <tr>
            {["Row", "Date", "Time", "Services", "Barber", "Client", "Reference"].map((heading) => (
              <th key={heading} scope="col" className="border-b px-2 py-1 font-medium">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {result.preview.map((row) => (
            <tr key={row.row}>
              <td className="border-b px-2 py-1">{row.row}</td>
              <td className="border-b px-2 py-1">{formatShopDate(row.date, "weekdayDate")}</td>
              <td className="border-b px-2 py-1">{row.startTime}</td>
              <td className="border-b px-2 py-1">{row.services.join(" + ")}</td>
              <td className="border-b px-2 py-1">{row.barber}</td>
              <td className="border-b px-2 py-1">{row.name}</td>
              <td className="border-b px-2 py-1">{row.reference}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function AppointmentsImport({ answer }: { answer?: unknown }) {
  const fetcher = useFetcher<AppointmentsAnswer | { message: string }>({ key: "import-appointments" });
  const data = (fetcher.data ?? answer) as AppointmentsAnswer | { message?: unknown } | undefined;
  const result = data && "appointments" in data ? data.appointments : undefined;
  const upload = data && "upload" in data ? data.upload : null;
  const failure = data && "message" in data && typeof data.message === "string" ? data.message : null;
  const busy = fetcher.state !== "idle";
  return (
    <section aria-labelledby="appointments-heading" className="mt-12 grid max-w-5xl gap-4">
      <h2 id="appointments-heading" className="text-2xl font-semibold">
        Import appointments
      </h2>
      {failure && <RefusedNotice>{failure}</RefusedNotice>}
      <fetcher.Form method="post" encType="multipart/form-data" className="grid max-w-2xl gap-3">
        <p className="text-muted-foreground">
          Export your future appointments as a CSV file (up to {BOOKING_IMPORT_MAX_ROWS.toLocaleString("en-GB")} rows):
          date, start time, services, barber, the client&apos;s name, e-mail and phone, notes. Each is booked with your
          barbers&apos; hours and other bookings; a row that does not fit is listed with the reason.
        </p>
        <label className="grid gap-1 text-sm font-medium">
          Appointments file (CSV)
          <input type="file" name="file" accept=".csv,text/csv" required />
        </label>
        <div>
          <Button type="submit" name="intent" value="appointments-check" variant="outline" disabled={busy}>
            Check appointments
          </Button>
        </div>
      </fetcher.Form>
      {result && upload && (
        <fetcher.Form method="post" className="grid gap-4">
          <h3 className="text-xl font-semibold">{upload.fileName}</h3>
          <input type="hidden" name="uploadId" value={upload.id} />
          <ColumnMapping
            columns={result.columns}
            fields={BOOKING_FIELDS}
            labels={BOOKING_FIELD_LABELS}
            version={upload.id}
          />
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="notify" />
            Send each customer a confirmation with the new manage link
          </label>
          <div className="flex flex-wrap gap-3">
            <Button type="submit" name="intent" value="appointments-check" variant="outline" disabled={busy}>
              Check again with these columns
            </Button>
            <Button type="submit" name="intent" value="appointments-import" disabled={busy || result.booked === 0}>
              {`Import ${plural(result.booked, "appointment")}`}
            </Button>
          </div>
        </fetcher.Form>
      )}
      {result && (
        <div className="grid gap-4" role="status">
          <p className="font-medium">
            {`${plural(result.rows, "row")}: ${plural(result.booked, "appointment")} ${result.dryRun ? "would be booked" : "booked"}, ${plural(result.skip.length, "row")} skipped${result.dryRun ? "" : `, ${plural(result.notified, "customer")} mailed`}.`}
          </p>
          <SkippedRows skip={result.skip} />
          <AppointmentsPreview result={result} />
        </div>
      )}
    </section>
  );
}
