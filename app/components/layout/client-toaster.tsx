import { useEffect, useState, useSyncExternalStore } from "react";
import type { Toaster as ToasterView } from "~/components/ui/toast";
import { currentToasts, noToasts, subscribeToToasts } from "~/components/ui/toast-store";

/**
 * Toasts only ever follow something a visitor did, so the root watches the small
 * toast queue and loads the Radix toast view when the first toast is raised.
 * Pages that never toast never download it.
 */
export function ClientToaster() {
  const toasts = useSyncExternalStore(subscribeToToasts, currentToasts, noToasts);
  const [Toaster, setToaster] = useState<typeof ToasterView | null>(null);
  const needed = toasts.length > 0;
  useEffect(() => {
    if (!needed || Toaster) return;
    let cancelled = false;
    void import("~/components/ui/toast").then((module) => {
      if (!cancelled) setToaster(() => module.Toaster);
    });
    return () => {
      cancelled = true;
    };
  }, [needed, Toaster]);
  return Toaster ? <Toaster /> : null;
}
