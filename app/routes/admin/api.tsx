import { useEffect, useRef } from "react";
import { AdminPage, adminMeta } from "~/components/layout/admin-page";
import { requireAdminPage } from "~/features/auth/require-admin.server";
// The package's exports leave out its self-contained browser build, so it is reached by path;
// `?url` makes it a hashed asset fetched by this page alone.
import scalarBundleUrl from "../../../node_modules/@scalar/api-reference/dist/browser/standalone.js?url";
import type { Route } from "./+types/api";

export async function loader({ context }: Route.LoaderArgs) {
  requireAdminPage(context);
  return null;
}

export const meta = () => adminMeta("API Reference");

interface ScalarApp {
  destroy?: () => void;
}

declare global {
  interface Window {
    Scalar?: { createApiReference: (element: HTMLElement, options: object) => ScalarApp };
  }
}

function loadScalar(): Promise<NonNullable<Window["Scalar"]>> {
  if (window.Scalar) return Promise.resolve(window.Scalar);
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = scalarBundleUrl;
    script.onload = () => (window.Scalar ? resolve(window.Scalar) : reject(new Error("The viewer did not start")));
    script.onerror = () => reject(new Error("The viewer could not be loaded"));
    document.head.append(script);
  });
}

/** The REST API's OpenAPI document (/api/openapi.json) in Scalar's reader, for the admin and integrators. */
export default function ApiReference() {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let app: ScalarApp | undefined;
    let cancelled = false;
    void loadScalar().then((scalar) => {
      if (cancelled || !container.current) return;
      app = scalar.createApiReference(container.current, {
        url: "/api/openapi.json",
        // No fonts or services from elsewhere: the page keeps to the site's own origin.
        withDefaultFonts: false,
        hideClientButton: false,
        showDeveloperTools: "never",
        agent: { disabled: true },
        mcp: { disabled: true },
        telemetry: false,
      });
    });
    return () => {
      cancelled = true;
      app?.destroy?.();
    };
  }, []);
  return (
    <AdminPage title="API Reference">
      <p className="mb-6 max-w-3xl text-muted-foreground">
        Every call of the site's REST API, generated from the rules the server checks. The machine-readable document is
        at{" "}
        <a className="underline" href="/api/openapi.json">
          /api/openapi.json
        </a>
        .
      </p>
      <div ref={container} className="min-h-[60vh] overflow-hidden rounded-lg border bg-white text-black" />
    </AdminPage>
  );
}
