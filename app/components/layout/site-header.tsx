import { Menu, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { cn } from "~/lib/cn";
import { isOwnAnimationEnd, prefersReducedMotion } from "~/lib/reduced-motion";
import { useShopSettings } from "~/features/settings/use-shop-settings";
import { BookingFeeNote } from "~/features/settings/components/booking-fee-note";
import { LogoMark } from "./logo";
import { ADMIN_LINK, NAV_LINKS, isActive, type NavItem } from "./nav-links";

const MENU_ID = "mobile-menu";

function navItems(isAdmin: boolean): readonly NavItem[] {
  return isAdmin ? [...NAV_LINKS, ADMIN_LINK] : NAV_LINKS;
}

/** The fixed top bar: logo and name, the spec's navigation, and a collapsible menu below 1280 px. */
export function SiteHeader({ isAdmin }: { isAdmin: boolean }) {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const [menuPath, setMenuPath] = useState(pathname);
  // The menu stays in the page while its closing animation runs.
  const [menuShown, setMenuShown] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const items = navItems(isAdmin);
  const { shopName } = useShopSettings();

  if (open && !menuShown) setMenuShown(true);
  if (!open && menuShown && prefersReducedMotion()) setMenuShown(false);

  // Any route change (a link, the back button) closes the menu.
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open]);

  return (
    <header className="fixed inset-x-0 top-0 z-40 noscript:max-xl:static border-b border-white/10 bg-ink text-ink-foreground shadow-[0_1px_12px_rgba(0,0,0,0.25)]">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link to="/" className="flex items-center gap-3 rounded-md" onClick={() => setOpen(false)}>
          <LogoMark />
          <span className="font-display text-xl font-semibold uppercase tracking-[0.12em] sm:text-2xl">{shopName}</span>
        </Link>

        <nav aria-label="Main" className="hidden xl:block">
          <ul className="flex items-center gap-1">
            {items.map((item) => (
              <li key={item.to}>
                <DesktopLink item={item} active={isActive(item, pathname)} />
              </li>
            ))}
          </ul>
        </nav>

        <button
          ref={toggle}
          type="button"
          className="grid size-11 place-items-center rounded-md text-ink-foreground hover:bg-white/10 noscript:hidden xl:hidden"
          aria-expanded={open}
          aria-controls={open ? MENU_ID : undefined}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? <X aria-hidden className="size-6" /> : <Menu aria-hidden className="size-6" />}
          <span className="sr-only">{open ? "Close menu" : "Open menu"}</span>
        </button>
      </div>

      {menuShown && (
        <nav
          id={MENU_ID}
          aria-label="Main"
          inert={!open}
          className={cn(
            "grid grid-rows-[1fr] overflow-hidden border-t border-white/10 xl:hidden",
            open ? "mobile-menu-open" : "mobile-menu-close",
          )}
          onAnimationEnd={(event) => {
            if (!open && isOwnAnimationEnd(event)) setMenuShown(false);
          }}
        >
          <ul className="mx-auto grid max-h-[calc(100dvh-4rem)] min-h-0 w-full max-w-7xl gap-1 overflow-y-auto px-4 py-4 sm:px-6">
            {items.map((item) => (
              <li key={item.to}>
                <MobileLink item={item} active={isActive(item, pathname)} onChoose={() => setOpen(false)} />
              </li>
            ))}
          </ul>
        </nav>
      )}

      {/* Without JavaScript the toggle cannot open the menu, so small screens get the links as a plain list; the
          header then stays in the page's flow (PageMain drops its offset) so the taller bar covers nothing. */}
      <noscript>
        <nav aria-label="Main" className="border-t border-white/10 px-4 py-3 xl:hidden">
          <ul className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
            {items.map((item) => (
              <li key={item.to}>
                <a href={item.to} className="underline-offset-4 hover:underline">
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </noscript>
    </header>
  );
}

function DesktopLink({ item, active }: { item: NavItem; active: boolean }) {
  const booking = item.to === "/bookings";
  return (
    <Link
      to={item.to}
      aria-current={active ? "page" : undefined}
      className={cn(
        "relative inline-flex h-10 items-center rounded-md px-3 text-sm font-medium transition-colors",
        booking
          ? active
            ? "bg-accent text-accent-foreground"
            : "border border-accent/70 text-brass hover:bg-accent hover:text-accent-foreground"
          : active
            ? "text-brass after:absolute after:inset-x-3 after:-bottom-px after:h-0.5 after:rounded-full after:bg-brass"
            : "text-ink-foreground/85 hover:bg-white/5 hover:text-ink-foreground",
      )}
    >
      {item.label}
    </Link>
  );
}

function MobileLink({ item, active, onChoose }: { item: NavItem; active: boolean; onChoose: () => void }) {
  return (
    <Link
      to={item.to}
      onClick={onChoose}
      aria-current={active ? "page" : undefined}
      className={cn(
        "flex min-h-12 flex-col justify-center rounded-md border-l-2 px-4 py-2 text-lg font-medium",
        active ? "border-brass bg-white/5 text-brass" : "border-transparent text-ink-foreground hover:bg-white/5",
      )}
    >
      {item.label}
      {item.to === "/bookings" && <BookingFeeNote className="text-sm font-normal text-ink-muted" />}
    </Link>
  );
}
