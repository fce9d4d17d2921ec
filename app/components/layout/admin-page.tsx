import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";

/** The frame every admin management screen shares: its heading and a Back to Dashboard button. */
export function AdminPage({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <main id="main" className="mx-auto w-full max-w-7xl px-4 pb-16 pt-24 noscript:max-xl:pt-8 sm:px-6 lg:px-8">
      <div className="mb-8 flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold sm:text-4xl">{title}</h1>
        <div className="flex flex-wrap items-center gap-2">
          {actions}
          <Button variant="outline" asChild>
            <Link to="/admin">
              <ArrowLeft aria-hidden />
              Back to Dashboard
            </Link>
          </Button>
        </div>
      </div>
      {children}
    </main>
  );
}

/** Admin screens are private: keep them out of search engines. */
export const adminMeta = (title: string) => [
  { title: `${title} | Admin` },
  { name: "robots", content: "noindex, nofollow" },
];
