import { useEffect, useState } from "react";
import { api } from "./api-client";

/**
 * The answer of `GET url` for the url of this render (undefined while loading, after a failure, or with no url).
 * `refresh` fetches the same url again; the last answer stays shown meanwhile.
 */
export function useApiData<T>(url: string | null, refresh = 0): T | undefined {
  const [fetched, setFetched] = useState<{ url: string; data: T } | null>(null);
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
