import { redirect, useFetcher, useLocation } from "react-router";
import { AdminPage, adminMeta } from "~/components/layout/admin-page";
import { Button } from "~/components/ui/button";
import { RefusedNotice, SavedNotice } from "~/components/ui/page-notice";
import { requireAdminPage } from "~/features/auth/require-admin.server";
import {
  ColumnMapping,
  ImportSummary,
  PreviewTable,
  SkippedRows,
  plural,
} from "~/features/import/components/import-review";
import { AppointmentsImport, type AppointmentsAnswer } from "~/features/import/components/appointments-import";
import { bookingMappingSchema } from "~/features/import/booking-import.schema";
import { importBookings } from "~/features/import/booking-import.server";
import { importCustomers } from "~/features/import/customer-import.server";
import type { ClientFile } from "~/features/import/import-rows";
import { keepUpload, keptUpload, removeUpload } from "~/features/import/import-uploads.server";
import {
  FILE_TOO_LARGE,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  CUSTOMER_FIELD_LABELS,
  CUSTOMER_FIELDS,
  mappingSchema,
  type CustomerImportResult,
} from "~/features/import/import.schema";
import { formFailure, formTextValues } from "~/lib/form-action.server";
import { HttpError, badRequest } from "~/lib/http-error";
import type { Route } from "./+types/import";

const MAPPING_FIELD = "mapping:";

/** The owner's mapping as the page's selects post it, one `mapping:<header>` field a column. */
const postedMapping = (values: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(values)
      .filter(([name]) => name.startsWith(MAPPING_FIELD))
      .map(([name, field]) => [name.slice(MAPPING_FIELD.length), field]),
  );

async function postedFile(form: FormData, missing: string): Promise<ClientFile> {
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0) throw badRequest(missing);
  if (file.size > IMPORT_MAX_BYTES) throw new HttpError(413, FILE_TOO_LARGE);
  return { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) };
}

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context);
  // After an import without JavaScript: the counts it made (no names, nothing private).
  const search = new URL(request.url).searchParams;
  const count = (name: string) => Math.max(0, Number.parseInt(search.get(name) ?? "", 10) || 0);
  const imported =
    search.get("saved") === "imported"
      ? { created: count("created"), merged: count("merged"), skipped: count("skipped") }
      : null;
  return { imported };
}

interface ImportState {
  uploadId: string;
  fileName: string;
  result: CustomerImportResult | null;
}

/**
 * The page's three steps, each a post without JavaScript: `upload` keeps the file (for an hour) and answers its
 * dry run with the detected mapping; `check` runs the dry run again with the owner's mapping; `import` imports it
 * with that mapping through the same function as POST /api/import/customers, then back to the page (303) with
 * the counts. An appointments file takes the same steps as `appointments-check` (with the file the first time,
 * then by its id) and `appointments-import`, through the function of POST /api/import/bookings.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const user = requireAdminPage(context);
  const { db, config } = context;
  const form = await request.formData();
  const values = formTextValues(form);
  const state: ImportState = { uploadId: values.uploadId ?? "", fileName: "", result: null };
  try {
    if (values.intent === "appointments-check" || values.intent === "appointments-import") {
      // The first check posts the file and keeps it, as a client file is; checking again and importing name it.
      const file = state.uploadId
        ? await keptUpload(config.dataDir, state.uploadId)
        : await postedFile(form, "Choose a CSV file of appointments to import");
      const uploadId = state.uploadId || (await keepUpload(config.dataDir, file));
      const dryRun = values.intent === "appointments-check";
      const mapping = bookingMappingSchema.parse(postedMapping(values));
      const notify = values.notify === "on";
      const appointments = await importBookings(context, file, { mapping, dryRun, notify, actor: user, config });
      if (!dryRun) await removeUpload(config.dataDir, uploadId);
      // Answered, not redirected, even after the import: the rows it skipped, with their reasons, are the page.
      return {
        appointments,
        upload: dryRun ? { id: uploadId, fileName: file.name } : null,
      } satisfies AppointmentsAnswer;
    }
    if (values.intent === "upload") {
      const kept = await postedFile(form, "Choose a CSV file to import");
      state.fileName = kept.name;
      state.result = await importCustomers(db, kept, { mapping: {}, dryRun: true, actor: user });
      state.uploadId = await keepUpload(config.dataDir, kept);
      return state;
    }
    const kept = await keptUpload(config.dataDir, state.uploadId);
    state.fileName = kept.name;
    const mapping = mappingSchema.parse(postedMapping(values));
    const dryRun = values.intent !== "import";
    const result = await importCustomers(db, kept, { mapping, dryRun, actor: user });
    if (dryRun) return { ...state, result };
    await removeUpload(config.dataDir, state.uploadId);
    const counts = new URLSearchParams({
      saved: "imported",
      created: String(result.create),
      merged: String(result.merge),
      skipped: String(result.skip.length),
    });
    return redirect(`/admin/import?${counts}`, 303);
  } catch (error) {
    return formFailure(error, state);
  }
}

export const meta = () => adminMeta("Import clients");

export default function ImportClients({ loaderData, actionData }: Route.ComponentProps) {
  // An import redirects here with its counts: a new address, so a new fetcher, and the dry run it answered is gone.
  const fetcher = useFetcher<typeof action>({ key: `import-clients${useLocation().search}` });
  const answer = fetcher.data ?? actionData;
  const state = answer && "uploadId" in answer ? answer : undefined;
  const appointments = actionData && "appointments" in actionData ? actionData : undefined;
  const failure =
    answer && !("appointments" in answer) && "message" in answer && typeof answer.message === "string"
      ? answer.message
      : null;
  const { imported } = loaderData;
  const busy = fetcher.state !== "idle";
  return (
    <AdminPage title="Import clients">
      {imported && !answer && (
        <SavedNotice>
          {`Clients imported: ${imported.created} new, ${imported.merged} merged into customers already known, ${imported.skipped} rows skipped. Nobody was mailed or texted.`}
        </SavedNotice>
      )}
      {failure && <RefusedNotice>{failure}</RefusedNotice>}
      <fetcher.Form method="post" encType="multipart/form-data" className="mb-8 grid max-w-2xl gap-3">
        <p className="text-muted-foreground">
          Export your clients from Fresha, Booksy, Square or a spreadsheet as a CSV file (up to{" "}
          {IMPORT_MAX_BYTES / 1024 / 1024} MB or {IMPORT_MAX_ROWS.toLocaleString("en-GB")} rows). You will see what
          would be imported before anything is saved.
        </p>
        <label className="grid gap-1 text-sm font-medium">
          Client file (CSV)
          <input type="file" name="file" accept=".csv,text/csv" required />
        </label>
        <div>
          <Button type="submit" name="intent" value="upload" disabled={busy}>
            Check file
          </Button>
        </div>
      </fetcher.Form>
      {state?.result && (
        <fetcher.Form method="post" className="grid gap-6">
          <h2 className="text-xl font-semibold">{state.fileName}</h2>
          <input type="hidden" name="uploadId" value={state.uploadId} />
          <ColumnMapping
            columns={state.result.columns}
            fields={CUSTOMER_FIELDS}
            labels={CUSTOMER_FIELD_LABELS}
            version={state.uploadId}
          />
          <ImportSummary result={state.result} />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" name="intent" value="check" variant="outline" disabled={busy}>
              Check again with these columns
            </Button>
            <Button type="submit" name="intent" value="import" disabled={busy}>
              {`Import ${plural(state.result.create + state.result.merge, "client")}`}
            </Button>
          </div>
          <SkippedRows skip={state.result.skip} />
          <PreviewTable preview={state.result.preview} />
        </fetcher.Form>
      )}
      <AppointmentsImport answer={appointments} />
    </AdminPage>
  );
}
