import { data } from "react-router";
import { GeneralErrorBoundary } from "~/components/layout/error-page";
import { seoMeta } from "~/features/seo/seo";
import type { Route } from "./+types/not-found";

/** Every path no other route claims: a real 404 status, with a page that leads back into the site. */
export function loader() {
  throw data({ message: "Page not found" }, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  seoMeta(matches, {
    title: "Page not found",
    description: "This page could not be found.",
    path: location.pathname,
    noindex: true,
  });

export default function NotFound() {
  return null;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <GeneralErrorBoundary error={error} />;
}
