import { useId } from "react";
import { cn } from "~/lib/cn";

/** The shop's mark: a brass barber's pole in a ring. Decorative; the shop name beside it is the text. */
export function LogoMark({ className }: { className?: string }) {
  // The header and the footer both draw the mark, so the clip path's id must differ per copy.
  const clipId = useId();
  return (
    <svg viewBox="0 0 40 40" aria-hidden className={cn("size-9 shrink-0", className)}>
      <defs>
        <clipPath id={clipId}>
          <rect x="15" y="7" width="10" height="26" rx="5" />
        </clipPath>
      </defs>
      <circle cx="20" cy="20" r="18.5" fill="none" stroke="var(--color-brass)" strokeWidth="1.5" />
      <rect x="15" y="7" width="10" height="26" rx="5" fill="var(--color-ink-foreground)" />
      <g clipPath={`url(#${clipId})`} stroke="var(--color-accent)" strokeWidth="3.2">
        <path d="M8 14 L32 4 M8 22 L32 12 M8 30 L32 20 M8 38 L32 28 M8 46 L32 36" />
      </g>
      <rect x="15" y="7" width="10" height="26" rx="5" fill="none" stroke="var(--color-brass)" strokeWidth="1.2" />
    </svg>
  );
}
