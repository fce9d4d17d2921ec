import { useContext, useState } from "react";
import { UNSAFE_DataRouterStateContext as DataRouterStateContext, useLocation } from "react-router";
import { cn } from "~/lib/cn";
import { isOwnAnimationEnd, prefersReducedMotion } from "~/lib/reduced-motion";

type Phase = "still" | "leaving" | "entering";

/**
 * Spec section 2: the old page leaves (0.3 s) before the new one enters (0.3 s),
 * with CSS animations (`.page-leave`, `.page-enter` in app.css). Visitors who ask
 * for reduced motion get the new page at once. The first render never animates,
 * so server and browser render alike.
 *
 * While a page fades out the router already holds the next page's data, and the
 * leaving page's own loader data is gone: the leaving page keeps the router state
 * it last rendered with, so it fades out intact instead of crashing.
 */
export function PageTransition({ children }: { children: React.ReactNode }) {
  const { pathname } = useLocation();
  const routerState = useContext(DataRouterStateContext);
  const current = { pathname, page: children, routerState };
  const [shown, setShown] = useState(current);
  const [phase, setPhase] = useState<Phase>("still");

  if (shown.pathname === pathname) {
    if (shown.page !== children || shown.routerState !== routerState) setShown(current);
  } else if (phase !== "leaving") {
    if (prefersReducedMotion()) setShown(current);
    else setPhase("leaving");
  }

  return (
    <div
      key={shown.pathname}
      className={cn("flex flex-1 flex-col", phase === "leaving" && "page-leave", phase === "entering" && "page-enter")}
      onAnimationEnd={(event) => {
        if (!isOwnAnimationEnd(event)) return;
        if (phase === "leaving") {
          setShown(current);
          setPhase("entering");
        } else {
          setPhase("still");
        }
      }}
    >
      <DataRouterStateContext.Provider value={shown.routerState}>{shown.page}</DataRouterStateContext.Provider>
    </div>
  );
}
