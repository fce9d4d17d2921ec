import { Badge } from "~/components/ui/badge";
import { NativeSelect } from "~/components/ui/input";
import type { CustomerImportResult } from "~/features/import/import.schema";

/*
 * The dry run of a file on /admin/import: the columns' mapping to change (a client file's or an appointments
 * file's fields), and for a client file the counts, skipped rows and preview.
 */

/** The select of each column, named `mapping:<header>` so the form posts the mapping whole. */
export function ColumnMapping<Field extends string>({
  columns,
  fields,
  labels,
  version,
}: {
  columns: { header: string; field: Field }[];
  fields: readonly Field[];
  labels: Record<Field, string>;
  version: string;
}) {
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-lg font-semibold">Columns</legend>
      <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {columns.map((column, index) => (
          <label key={`${version}-${index}-${column.field}`} className="grid gap-1 text-sm font-medium">
            <span className="truncate" title={column.header}>
              “{column.header || `Column ${index + 1}`}” is
            </span>
            <NativeSelect name={`mapping:${column.header}`} defaultValue={column.field}>
              {fields.map((field) => (
                <option key={field} value={field}>
                  {labels[field]}
                </option>
              ))}
            </NativeSelect>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString("en-GB")} ${count === 1 ? one : many}`;

/** What importing the file would do (or did), in one sentence. */
export function ImportSummary({ result }: { result: CustomerImportResult }) {
  const merged = result.merge.toLocaleString("en-GB");
  const skipped = result.skip.length.toLocaleString("en-GB");
  return (
    <p className="text-base" role="status">
      {`${plural(result.rows, "row")}: ${plural(result.create, "new customer")}, ${merged} merged into a customer already known (or an earlier row), ${skipped} skipped.`}
    </p>
  );
}

const SKIPPED_SHOWN = 100;

export function SkippedRows({ skip }: { skip: CustomerImportResult["skip"] }) {
  if (skip.length === 0) return null;
  return (
    <section className="grid gap-2">
      <h2 className="text-lg font-semibold">Skipped rows</h2>
      <ul className="grid gap-1 text-sm" aria-label="Skipped rows">
        {skip.slice(0, SKIPPED_SHOWN).map((row) => (
          <li key={row.row}>{`Row ${row.row}: ${row.reason}`}</li>
        ))}
      </ul>
      {skip.length > SKIPPED_SHOWN && (
        <p className="text-sm text-muted-foreground">{`…and ${skip.length - SKIPPED_SHOWN} more.`}</p>
      )}
    </section>
  );
}

export function PreviewTable({ preview }: { preview: CustomerImportResult["preview"] }) {
  if (preview.length === 0) return null;
  return (
    <section className="grid gap-2">
      <h2 className="text-lg font-semibold">The first rows as they will be saved</h2>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b">
              {["Row", "", "Name", "E-mail", "Phone", "Notes", "Marketing"].map((heading, index) => (
                <th key={index} scope="col" className="px-2 py-1 font-medium">
                  {heading || <span className="sr-only">New or merged</span>}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {preview.map((row) => (
              <tr key={row.row} className="border-b align-top">
                <td className="px-2 py-1">{row.row}</td>
                <td className="px-2 py-1">
                  <Badge variant={row.action === "create" ? "success" : "outline"}>
                    {row.action === "create" ? "New" : "Merge"}
                  </Badge>
                </td>
                <td className="px-2 py-1">{row.name || "—"}</td>
                <td className="px-2 py-1">{row.email || "—"}</td>
                <td className="px-2 py-1">{row.phone || "—"}</td>
                <td className="max-w-xs whitespace-pre-line px-2 py-1">{row.notes || "—"}</td>
                <td className="px-2 py-1">{row.marketingConsent ? "Yes" : "No"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
