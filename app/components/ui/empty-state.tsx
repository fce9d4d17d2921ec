import { cn } from "~/lib/cn";

/** What a list shows when it has nothing in it yet. */
export function EmptyState({ className, children }: { className?: string; children: React.ReactNode }) {
  return (
    <p
      className={cn(
        "rounded-[var(--radius-card)] border border-dashed border-input bg-card/60 p-8 text-center text-muted-foreground",
        className,
      )}
    >
      {children}
    </p>
  );
}
