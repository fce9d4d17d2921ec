import { data } from "react-router";
import type { z } from "zod";
import { HttpError } from "./http-error";

/**
 * Awaits a feature call for a page loader. A feature's HttpError (a missing post, a
 * missing barber) becomes a thrown route response with the same status and message,
 * so the page answers 404 and its ErrorBoundary shows the helpful page.
 */
export async function pageData<T>(load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (error) {
    if (error instanceof HttpError) throw data({ message: error.message }, { status: error.status });
    throw error;
  }
}

/**
 * Reads a page's query string with the feature's schema — the one its API reads `req.query` with — so the
 * page and the API agree on every value: a repeated key is a list, as Express makes it, and input the
 * schema refuses answers 400 with the schema's message, as the API does.
 */
export function parseSearchParams<S extends z.ZodType>(request: Request, schema: S): z.output<S> {
  const params = new URL(request.url).searchParams;
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    query[key] = values.length > 1 ? values : values[0]!;
  }
  const result = schema.safeParse(query);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
  throw data({ message: issues[0]?.message ?? "Invalid input", issues }, { status: 400 });
}
