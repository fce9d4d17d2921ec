import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { HYDRATION_STARTED_EVENT } from "./components/layout/deferred-scripts";
import { cn } from "./lib/cn";

/*
 * tailwind-merge builds its class tables on first use, a long piece of work that would otherwise land in
 * the middle of hydrating; done here it is a task of its own, and a tap in between is answered.
 */
cn("p-0");
await new Promise((resolve) => setTimeout(resolve));

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
