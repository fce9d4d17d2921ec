import { ArrowRight } from "lucide-react";
import { Link, isRouteErrorResponse } from "react-router";
import { Button } from "~/components/ui/button";
import { PageMain } from "./page";

interface ErrorPageLink {
  to: string;
  label: string;
}

const DEFAULT_LINKS: readonly ErrorPageLink[] = [
  { to: "/prices", label: "See our prices" },
  { to: "/bookings", label: "Book an appointment" },
  { to: "/blog", label: "Read the blog" },
  { to: "/contact", label: "Contact us" },
];

interface ErrorPageProps {
  code: number | string;
  title: string;
  message: React.ReactNode;
  links?: readonly ErrorPageLink[];
}

/** A friendly dead end: what went wrong in plain words, and the ways back into the site. */
export function ErrorPage({ code, title, message, links = DEFAULT_LINKS }: ErrorPageProps) {
  return (
    <PageMain className="barber-stripes bg-ink text-ink-foreground">
      <div className="relative mx-auto flex min-h-[70dvh] max-w-3xl flex-col justify-center px-4 py-20 sm:px-6">
        <p className="font-display text-7xl font-bold text-brass sm:text-8xl" aria-hidden>
          {code}
        </p>
        <h1 className="mt-4 text-4xl font-bold uppercase sm:text-5xl">{title}</h1>
        <div className="mt-4 text-lg text-ink-muted">{message}</div>
        <div className="mt-8 flex flex-wrap gap-3">
          <Button asChild variant="accent" size="lg">
            <Link to="/">Back to the home page</Link>
          </Button>
        </div>
        <nav aria-label="Helpful links" className="mt-10">
          <ul className="grid gap-2 sm:grid-cols-2">
            {links.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className="group flex items-center justify-between rounded-md border border-white/15 px-4 py-3 hover:border-brass hover:text-brass"
                >
                  {link.label}
                  <ArrowRight
                    aria-hidden
                    className="size-4 transition-transform group-hover:translate-x-1 motion-reduce:transition-none"
                  />
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </PageMain>
  );
}

/** The 404 for an address no page answers. */
const PAGE_NOT_FOUND: Omit<ErrorPageProps, "code"> = {
  title: "Page not found",
  message: "Sorry, we couldn't find the page you were looking for. It may have moved, or the address may be mistyped.",
};

/** Any other failure, with the "Error: …" line of spec section 8. */
function LoadErrorPage({ error }: { error: unknown }) {
  return (
    <ErrorPage
      code={
        error && typeof error === "object" && "status" in error ? String((error as { status: unknown }).status) : 500
      }
      title="Something went wrong"
      message={
        <>
          <p>Sorry, we couldn&apos;t load this page. Please try again in a moment, or call us if it keeps happening.</p>
          <p className="mt-2 text-base">Error: {errorMessage(error)}</p>
        </>
      }
    />
  );
}

/** The message of a thrown route response or error, for the "Error: …" line of spec section 8. */
function errorMessage(error: unknown) {
  if (error && typeof error === "object" && "data" in error) {
    const data = (error as { data: unknown }).data;
    if (data && typeof data === "object" && "message" in data) return String((data as { message: unknown }).message);
    if (typeof data === "string" && data) return data;
  }
  if (error instanceof Error) return error.message;
  return "An unknown error occurred";
}

/**
 * The one error boundary of every route (Epic Stack's pattern): a route names only what differs — its own
 * 404 page (a missing post, barber or booking) or its page for an unexpected failure — and gets the site's
 * pages otherwise.
 */
export function GeneralErrorBoundary({
  error,
  notFound = PAGE_NOT_FOUND,
  unexpectedError = (unexpected) => <LoadErrorPage error={unexpected} />,
}: {
  error: unknown;
  notFound?: Omit<ErrorPageProps, "code">;
  unexpectedError?: (error: unknown) => React.ReactNode;
}) {
  if (isRouteErrorResponse(error) && error.status === 404) return <ErrorPage code={404} {...notFound} />;
  return unexpectedError(error);
}
