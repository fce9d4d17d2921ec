import { useEffect, useState } from "react";
import { api } from "./api-client";

/** The answer of a GET, with the url it answers. */
export interface ApiAnswer<T> {
  url: string;
  data: T;
}

/**
 * The answer of `GET url` for the url of this render (undefined while loading, after a failure, or with no url).
 * `refresh` fetches the same url again; the last answer stays shown meanwhile. `initial` is an answer the
 * server already worked out (in the page's loader), so the server's HTML and the first render in the browser
 * show it alike.
 */
export function useApiData<T>(url: string | null, refresh = 0, initial?: ApiAnswer<T>): T | undefined {
  const [fetched, setFetched] = useState<ApiAnswer<T> | null>(initial ?? null);
  useEffect(() => {
    if (!url) return;
    let current = true;
    api<T>("GET", url)
      .then((data) => current && setFetched({ url, data }))
      .catch(() => current && setFetched(null));
    return () => {
      current = false;
    };
  }, [url, refresh]);
  return fetched?.url === url ? fetched.data : undefined;
}
