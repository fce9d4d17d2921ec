import { useEffect } from "react";
import { useRevalidator } from "react-router";

/** Every `everyMs` while `active`, the page's loader runs again (a fetch, no reload): the queue keeps itself current. */
export function usePolling(active: boolean, everyMs: number) {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (state === "idle" && document.visibilityState === "visible") void revalidate();
    }, everyMs);
    return () => clearInterval(timer);
  }, [active, everyMs, revalidate, state]);
}
