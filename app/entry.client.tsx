import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { HYDRATION_STARTED_EVENT } from "./components/layout/deferred-scripts";
import { cn } from "./lib/cn";

/*
 * Three short tasks rather than one long one, so a tap in between is answered: this module's evaluation
 * (React DOM's), then tailwind-merge building its class tables (it does on first use, which would otherwise
 * land in the middle of hydrating), then hydration.
 */
const nextTask = () => new Promise((resolve) => setTimeout(resolve));
await nextTask();
cn("p-0");
await nextTask();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
  // Releases the page's load event, which DeferredScripts holds until the page can answer clicks.
  window.dispatchEvent(new Event(HYDRATION_STARTED_EVENT));
});
