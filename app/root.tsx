import { Suspense } from "react";
import oswaldLatin from "@fontsource-variable/oswald/files/oswald-latin-wght-normal.woff2?url";
import {
  Links,
  Meta,
  ScrollRestoration,
  data,
  isRouteErrorResponse,
  useOutlet,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { ClientToaster } from "./components/layout/client-toaster";
import { DeferredScripts } from "./components/layout/deferred-scripts";
import { GeneralErrorBoundary } from "./components/layout/error-page";
import { NavigationProgress } from "./components/layout/navigation-progress";
import { PageTransition } from "./components/layout/page-transition";
import { SiteFooter } from "./components/layout/site-footer";
import { SiteHeader } from "./components/layout/site-header";
import { publicSettings } from "./features/settings/shop-settings";
import type { RootSettingsData } from "./features/settings/use-shop-settings";
import { defaultDescription, pageTitle, shopSettingsFrom } from "./features/seo/seo";
import { shopToday } from "./lib/shop-time";

export async function loader({ context }: Route.LoaderArgs) {
  if (context.refusal) throw data({ message: context.refusal.message }, { status: context.refusal.status });
  const rootData = {
    user: context.user,
    cspNonce: context.cspNonce,
    /** Canonical and social URLs are built from the configured address, never from the request's Host header. */
    publicUrl: context.config.publicUrl,
    /** The layout's shop facts (header, footer, fee notes); private booking rules stay on the server. */
    settings: publicSettings(await context.settings()),
    // The shop's calendar year for the copyright line, worked out here to keep date libraries out of every page's bundle.
    year: Number(shopToday().slice(0, 4)),
  };
  // Components read the settings through this plain type rather than this module's, which would be a cycle.
  return rootData satisfies RootSettingsData;
}

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // Headings use Oswald: fetching it with the HTML keeps the hero headline from reflowing when the font arrives.
  { rel: "preload", href: oswaldLatin, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
];

/** Defaults for documents no route describes (the root error page); every public route sets its own. */
export const meta: Route.MetaFunction = ({ error, matches }) => [
  {
    title: pageTitle(
      error ? (isRouteErrorResponse(error) && error.status === 404 ? "Page not found" : "Something went wrong") : "",
      shopSettingsFrom(matches).shopName,
    ),
  },
  { name: "description", content: defaultDescription(matches) },
  ...(error ? [{ name: "robots", content: "noindex" }] : []),
];

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#161311" />
        {/* The one request the first paint waits for; the scripts follow the paint (DeferredScripts). */}
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only z-[60] rounded-md bg-accent px-4 py-2 font-semibold text-accent-foreground focus:not-sr-only focus:fixed focus:left-4 focus:top-3"
        >
          Skip to content
        </a>
        <NavigationProgress />
        {/* Each boundary hydrates and commits on its own, so no one task on a phone does the whole page. */}
        <Suspense>
          <SiteHeader isAdmin={Boolean(data?.user?.isAdmin)} />
        </Suspense>
        <Suspense>{children}</Suspense>
        <Suspense>
          <SiteFooter year={data?.year ?? new Date().getFullYear()} />
        </Suspense>
        <ClientToaster />
        <ScrollRestoration nonce={data?.cspNonce} />
        <DeferredScripts nonce={data?.cspNonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <PageTransition>{useOutlet()}</PageTransition>;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <GeneralErrorBoundary error={error} />;
}
