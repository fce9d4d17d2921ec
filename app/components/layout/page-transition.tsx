import { AnimatePresence, m, useIsPresent, useReducedMotion } from "motion/react";
import { useContext, useState } from "react";
import { UNSAFE_DataRouterStateContext as DataRouterStateContext, useLocation } from "react-router";

/**
 * Spec section 2: the old page leaves (0.3 s) before the new one enters (0.3 s).
 * Visitors who ask for reduced motion get the new page at once; the element tree
 * stays the same either way so server and browser render alike.
 */
export function PageTransition({ children }: { children: React.ReactNode }) {
  const { pathname } = useLocation();
  const reduceMotion = useReducedMotion();
  return (
    <AnimatePresence mode="wait" initial={false}>
      <m.div
        key={pathname}
        initial={reduceMotion ? false : { opacity: 0 }}
        animate={{ opacity: 1 }}
        exit={reduceMotion ? undefined : { opacity: 0 }}
        transition={{ duration: 0.3, ease: "easeInOut" }}
        className="flex flex-1 flex-col"
      >
        <KeepLeavingPageData>{children}</KeepLeavingPageData>
      </m.div>
    </AnimatePresence>
  );
}

/**
 * While a page fades out the router already holds the next page's data, and the
 * leaving page's own loader data is gone. The leaving page keeps reading the router
 * state it last rendered with, so it fades out intact instead of crashing.
 */
function KeepLeavingPageData({ children }: { children: React.ReactNode }) {
  const isPresent = useIsPresent();
  const state = useContext(DataRouterStateContext);
  const [lastState, setLastState] = useState(state);
  if (isPresent && lastState !== state) setLastState(state);
  return (
    <DataRouterStateContext.Provider value={isPresent ? state : lastState}>{children}</DataRouterStateContext.Provider>
  );
}
