import { useNavigation } from "react-router";

/**
 * Pages arrive with their data from the server; during a client-side navigation
 * (or a sort or filter change) a thin brass bar runs along the top while the next
 * page's data loads. It appears only after a short delay, so quick loads do not flash.
 */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === "idle") return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      aria-busy="true"
      className="navigation-progress pointer-events-none fixed inset-x-0 top-0 z-50 h-1 overflow-hidden"
    >
      <div className="navigation-progress-bar h-full w-1/3 rounded-r-full bg-brass shadow-[0_0_8px_var(--color-brass)]" />
    </div>
  );
}
