import { LoaderCircle } from "lucide-react";
import { cn } from "~/lib/cn";

export function Spinner({ className, label = "Loading" }: { className?: string; label?: string }) {
  return (
    <span role="status" className={cn("inline-flex items-center justify-center", className)}>
      <LoaderCircle aria-hidden className="size-8 animate-spin text-accent-text motion-reduce:animate-none" />
      <span className="sr-only">{label}</span>
    </span>
  );
}
