import {
  BookOpen,
  CalendarClock,
  HelpCircle,
  Images,
  LogOut,
  Mail,
  Scissors,
  ShoppingBag,
  SwatchBook,
} from "lucide-react";
import { Link, useRevalidator } from "react-router";
import { adminMeta } from "~/components/layout/admin-page";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/toast-store";
import { AdminLoginForm } from "~/features/auth/components/admin-login-form";
import { api } from "~/lib/api-client";
import type { Route } from "./+types/dashboard";

export async function loader({ context }: Route.LoaderArgs) {
  const user = context.user;
  return { admin: user?.isAdmin ? { username: user.username } : null };
}

export const meta = ({ loaderData }: Route.MetaArgs) =>
  adminMeta(loaderData?.admin ? "Admin Dashboard" : "Admin Login");

const SECTIONS = [
  {
    to: "/admin/bookings",
    title: "Booking Slots",
    description: "Open appointment times and see who has booked.",
    icon: CalendarClock,
  },
  {
    to: "/admin/media",
    title: "Media Library",
    description: "Upload and remove the images the site uses.",
    icon: Images,
  },
  {
    to: "/admin/products",
    title: "Products",
    description: "The grooming products for sale in the shop.",
    icon: ShoppingBag,
  },
  { to: "/admin/services", title: "Services", description: "Services, prices and durations.", icon: Scissors },
  { to: "/admin/gallery", title: "Gallery", description: "Style photos and their categories.", icon: SwatchBook },
  { to: "/admin/blog", title: "Blog Posts", description: "Write and edit articles.", icon: BookOpen },
  {
    to: "/admin/contact",
    title: "Contact Submissions",
    description: "Messages sent through the contact form.",
    icon: Mail,
  },
  { to: "/admin/faq", title: "FAQs", description: "Questions and answers shown on the FAQ page.", icon: HelpCircle },
] as const;

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  if (!loaderData.admin) return <AdminLoginForm />;
  return <Dashboard username={loaderData.admin.username} />;
}

function Dashboard({ username }: { username: string }) {
  const { revalidate } = useRevalidator();

  const logout = async () => {
    try {
      await api("POST", "/api/logout");
    } catch (error) {
      toast({
        title: "Error",
        description: error instanceof Error ? error.message : String(error),
        variant: "destructive",
      });
      return;
    }
    await revalidate();
  };

  return (
    <main id="main" className="mx-auto w-full max-w-7xl px-4 pb-16 pt-24 sm:px-6 lg:px-8">
      <div className="mb-8 flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold sm:text-4xl">Admin Dashboard</h1>
          <p className="mt-1 text-muted-foreground">
            Signed in as <span className="font-semibold text-foreground">{username}</span>
          </p>
        </div>
        <Button variant="outline" onClick={logout}>
          <LogOut aria-hidden />
          Logout
        </Button>
      </div>
      <nav aria-label="Management sections">
        <ul className="grid gap-3 sm:grid-cols-2 sm:gap-4 lg:grid-cols-4">
          {SECTIONS.map(({ to, title, description, icon: Icon }) => (
            <li key={to}>
              {/* A compact row on phones, a tile from sm up. */}
              <Link
                to={to}
                className="group grid h-full grid-cols-[auto_1fr] items-center gap-x-4 gap-y-1 rounded-[var(--radius-card)] border border-border bg-card p-4 shadow-sm transition hover:-translate-y-0.5 hover:border-accent hover:shadow-md motion-reduce:transition-none motion-reduce:hover:translate-y-0 sm:grid-cols-1 sm:content-start sm:gap-y-3 sm:p-5"
              >
                <span className="row-span-2 grid size-11 place-items-center rounded-lg bg-muted text-accent-text transition-colors group-hover:bg-accent group-hover:text-accent-foreground sm:row-span-1">
                  <Icon aria-hidden className="size-5" />
                </span>
                <span className="font-display text-xl font-semibold">{title}</span>
                <span className="text-sm text-muted-foreground">{description}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </main>
  );
}
