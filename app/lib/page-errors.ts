import { data } from "react-router";
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
