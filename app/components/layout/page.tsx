import { cn } from "~/lib/cn";

/** Every public page's <main>: the skip link's target, clear of the fixed 4 rem header
 * (in the flow instead on small screens without JavaScript: see SiteHeader). */
export function PageMain({ className, children }: { className?: string; children: React.ReactNode }) {
  return (
    <main id="main" tabIndex={-1} className={cn("flex-1 pt-16 outline-none noscript:max-xl:pt-0", className)}>
      {children}
    </main>
  );
}

/** The dark band that opens each inner page: an eyebrow, the page's one <h1> and a line of introduction. */
export function PageIntro({
  eyebrow,
  title,
  children,
  className,
}: {
  eyebrow?: string;
  title: React.ReactNode;
  children?: React.ReactNode;
  className?: string;
}) {
  return (
    <section className={cn("barber-stripes relative overflow-hidden bg-ink text-ink-foreground", className)}>
      <div className="relative mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8">
        {eyebrow && (
          <p className="mb-3 font-display text-sm font-medium uppercase tracking-[0.3em] text-brass">{eyebrow}</p>
        )}
        <h1 className="max-w-3xl text-4xl font-bold uppercase leading-[1.05] sm:text-5xl lg:text-6xl">{title}</h1>
        {children && <div className="mt-5 max-w-2xl text-base text-ink-muted sm:text-lg">{children}</div>}
      </div>
    </section>
  );
}

/** The paper-coloured body of a page, at the site's reading width. */
export function PageSection({ className, children, ...props }: React.ComponentProps<"section">) {
  return (
    <section className={cn("mx-auto w-full max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8", className)} {...props}>
      {children}
    </section>
  );
}
