import { AdminPage, adminMeta } from "~/components/layout/admin-page";
import { Badge } from "~/components/ui/badge";
import { requireAdminPage } from "~/features/auth/require-admin.server";
import { apiReference, type FieldRow, type Payload } from "~/lib/api-reference.server";
import type { Route } from "./+types/api";

export async function loader({ context }: Route.LoaderArgs) {
  requireAdminPage(context);
  return apiReference(context.openApiDocument());
}

export const meta = () => adminMeta("API Reference");

const METHOD_COLOURS: Record<string, string> = {
  GET: "bg-sky-100 text-sky-900",
  POST: "bg-green-100 text-green-900",
  PUT: "bg-amber-100 text-amber-900",
  PATCH: "bg-amber-100 text-amber-900",
  DELETE: "bg-red-100 text-red-900",
};

function FieldTable({
  caption,
  fields,
  withPlace,
}: {
  caption: string;
  fields: (FieldRow & { in?: string })[];
  withPlace?: boolean;
}) {
  if (fields.length === 0) return <p className="text-sm text-muted-foreground">{caption}: no fields.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="mb-1 text-left font-semibold">{caption}</caption>
        <thead>
          <tr className="border-b border-border">
            <th scope="col" className="py-1 pr-4 font-medium">
              Name
            </th>
            {withPlace && (
              <th scope="col" className="py-1 pr-4 font-medium">
                In
              </th>
            )}
            <th scope="col" className="py-1 pr-4 font-medium">
              Type
            </th>
            <th scope="col" className="py-1 pr-4 font-medium">
              Required
            </th>
            <th scope="col" className="py-1 font-medium">
              Rules
            </th>
          </tr>
        </thead>
        <tbody>
          {fields.map((field) => (
            <tr key={`${field.in ?? ""}${field.name}`} className="border-b border-border/60 align-top">
              <td className="py-1 pr-4 font-mono">{field.name}</td>
              {withPlace && <td className="py-1 pr-4">{field.in}</td>}
              <td className="py-1 pr-4 font-mono">{field.type}</td>
              <td className="py-1 pr-4">{field.required ? "yes" : "no"}</td>
              <td className="py-1">{field.rules}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const payloadCaption = (what: string, payload: Payload) => `${what} (${payload.contentType})`;

/** The REST API's OpenAPI document (/api/openapi.json) as a page of its own, for the admin and integrators. */
export default function ApiReference({ loaderData: reference }: Route.ComponentProps) {
  return (
    <AdminPage title="API Reference">
      <p className="mb-6 max-w-3xl text-muted-foreground">
        Every call of the site's REST API, generated from the rules the server checks. The machine-readable document is
        at{" "}
        <a className="underline" href="/api/openapi.json">
          /api/openapi.json
        </a>
        .
      </p>
      <section aria-labelledby="api-title" className="mb-8 max-w-3xl">
        <h2 id="api-title" className="text-2xl font-bold">
          {reference.title}
        </h2>
        <p className="text-sm text-muted-foreground">Version {reference.version}</p>
        {reference.description && <p className="mt-2">{reference.description}</p>}
        <nav aria-label="API sections" className="mt-4">
          <ul className="flex flex-wrap gap-2">
            {reference.groups.map((group) => (
              <li key={group.tag}>
                <a className="rounded border border-border px-2 py-1 text-sm underline" href={`#tag-${group.tag}`}>
                  {group.tag}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </section>
      {reference.groups.map((group) => (
        <section key={group.tag} aria-labelledby={`tag-${group.tag}`} className="mb-10">
          <h2 id={`tag-${group.tag}`} className="mb-4 border-b border-border pb-1 text-xl font-bold">
            {group.tag}
          </h2>
          <div className="grid gap-4">
            {group.calls.map((call) => (
              <article
                key={call.id}
                id={call.id}
                aria-labelledby={`${call.id}-title`}
                className="grid gap-3 rounded-lg border border-border bg-card p-4"
              >
                <h3 id={`${call.id}-title`} className="flex flex-wrap items-baseline gap-2">
                  <span
                    className={`rounded px-2 py-0.5 font-mono text-sm font-bold ${METHOD_COLOURS[call.method] ?? ""}`}
                  >
                    {call.method}
                  </span>
                  <code className="font-mono text-sm">{call.path}</code>
                  <span className="font-semibold">{call.summary}</span>
                  {call.adminOnly && <Badge variant="warning">admin</Badge>}
                </h3>
                {call.description && <p className="whitespace-pre-line text-sm">{call.description}</p>}
                {call.parameters.length > 0 && <FieldTable caption="Parameters" fields={call.parameters} withPlace />}
                {call.body && (
                  <FieldTable caption={payloadCaption("Request body", call.body)} fields={call.body.fields} />
                )}
                <details>
                  <summary className="cursor-pointer text-sm font-semibold">
                    Responses: {call.responses.map((response) => response.status).join(", ")}
                  </summary>
                  <div className="mt-2 grid gap-3">
                    {call.responses.map((response) => (
                      <div key={response.status} className="grid gap-1">
                        <p className="text-sm">
                          <strong className="font-mono">{response.status}</strong> {response.description}
                        </p>
                        {response.payload && (
                          <FieldTable
                            caption={payloadCaption(`${response.status} body`, response.payload)}
                            fields={response.payload.fields}
                          />
                        )}
                      </div>
                    ))}
                  </div>
                </details>
              </article>
            ))}
          </div>
        </section>
      ))}
    </AdminPage>
  );
}
