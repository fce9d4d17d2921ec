export interface NavItem {
  to: string;
  label: string;
  /** Other paths that belong to this section, e.g. a barber's page to Barbers Near Me. */
  alsoActiveUnder?: string;
}

/** Spec section 2, in its order; the Admin link is added for admins only. */
export const NAV_LINKS: readonly NavItem[] = [
  { to: "/", label: "Home" },
  { to: "/gallery", label: "Gallery" },
  { to: "/prices", label: "Prices" },
  { to: "/products", label: "Products" },
  { to: "/barbers-near-me", label: "Barbers Near Me", alsoActiveUnder: "/barbers/" },
  { to: "/bookings", label: "Book Appointments" },
  { to: "/blog", label: "Blog" },
  { to: "/contact", label: "Contact" },
];

export const ADMIN_LINK: NavItem = { to: "/admin", label: "Admin" };

/**
 * The footer's quick links: spec section 2's, with the gift cards and memberships of issue 34 after booking;
 * /team is linked from the home page.
 */
export const FOOTER_LINKS: readonly NavItem[] = [
  { to: "/", label: "Home" },
  { to: "/gallery", label: "Gallery" },
  { to: "/prices", label: "Prices" },
  { to: "/products", label: "Products" },
  { to: "/blog", label: "Blog" },
  { to: "/bookings", label: "Book Appointments" },
  { to: "/gift-cards", label: "Gift Cards" },
  { to: "/memberships", label: "Memberships" },
  { to: "/faq", label: "FAQ" },
  { to: "/contact", label: "Contact" },
];

/** Home matches only itself; every other link also matches the pages beneath it. */
export function isActive(item: NavItem, pathname: string) {
  if (item.to === "/") return pathname === "/";
  if (item.alsoActiveUnder && pathname.startsWith(item.alsoActiveUnder)) return true;
  return pathname === item.to || pathname.startsWith(`${item.to}/`);
}
