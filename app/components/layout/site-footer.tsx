import { Facebook, Instagram, MapPin, Phone } from "lucide-react";
import { Link } from "react-router";
import { prefersReducedMotion } from "~/lib/reduced-motion";
import { phoneHref } from "~/features/settings/shop-facts";
import { useShopSettings } from "~/features/settings/use-shop-settings";
import { LogoMark } from "./logo";
import { OpeningHoursList } from "~/features/settings/components/opening-hours";
import { FOOTER_LINKS } from "./nav-links";

/** Quick links glide to the top instead of jumping, unless the visitor asked for less motion. */
function scrollToTopSmoothly() {
  window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? "auto" : "smooth" });
}

const headingClass = "mb-4 font-display text-sm font-semibold uppercase tracking-[0.2em] text-brass";

export function SiteFooter({ year }: { year: number }) {
  const shop = useShopSettings();
  const { address, social } = shop;
  return (
    <footer className="border-t border-white/10 bg-ink text-ink-foreground">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:grid-cols-2 sm:px-6 lg:grid-cols-[1.2fr_1fr_1.3fr_1.1fr] lg:px-8">
        <div>
          <p className="flex items-center gap-3">
            <LogoMark />
            <span className="font-display text-xl font-semibold uppercase tracking-[0.12em]">{shop.shopName}</span>
          </p>
          {shop.about && <p className="mt-4 max-w-xs text-sm text-ink-muted">{shop.about}</p>}
          {(social.instagram || social.facebook) && (
            <ul className="mt-5 flex gap-3" aria-label="Social media">
              {social.instagram && (
                <li>
                  <SocialLink href={social.instagram} label="Instagram">
                    <Instagram aria-hidden className="size-5" />
                  </SocialLink>
                </li>
              )}
              {social.facebook && (
                <li>
                  <SocialLink href={social.facebook} label="Facebook">
                    <Facebook aria-hidden className="size-5" />
                  </SocialLink>
                </li>
              )}
            </ul>
          )}
        </div>

        <div>
          <h2 className={headingClass}>Visit Us</h2>
          <address className="grid gap-3 text-sm not-italic text-ink-muted">
            <p className="flex gap-3">
              <MapPin aria-hidden className="mt-0.5 size-4 shrink-0 text-brass" />
              <span>
                {address.street}
                <br />
                {address.town} {address.postcode}
              </span>
            </p>
            <p className="flex gap-3">
              <Phone aria-hidden className="mt-0.5 size-4 shrink-0 text-brass" />
              <a href={phoneHref(shop.phone)} className="text-ink-foreground underline-offset-4 hover:underline">
                {shop.phone}
              </a>
            </p>
          </address>
        </div>

        <div>
          <h2 className={headingClass}>Opening Hours</h2>
          <OpeningHoursList tone="dark" />
        </div>

        <nav aria-label="Quick links">
          <h2 className={headingClass}>Quick Links</h2>
          <ul className="grid grid-cols-[auto_auto] justify-start gap-x-8 gap-y-2 whitespace-nowrap text-sm">
            {FOOTER_LINKS.map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  preventScrollReset
                  onClick={scrollToTopSmoothly}
                  className="text-ink-muted underline-offset-4 hover:text-ink-foreground hover:underline"
                >
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-5 text-xs text-ink-muted sm:px-6 lg:px-8">
          © {year} {shop.shopName}. All rights reserved. ·{" "}
          <Link to="/privacy" className="underline-offset-4 hover:text-ink-foreground hover:underline">
            Privacy
          </Link>
          {" · "}
          <Link to="/account" className="underline-offset-4 hover:text-ink-foreground hover:underline">
            Your bookings
          </Link>
        </p>
      </div>
    </footer>
  );
}

function SocialLink({ href, label, children }: { href: string; label: string; children: React.ReactNode }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="grid size-10 place-items-center rounded-full border border-white/15 text-ink-foreground transition-colors hover:border-brass hover:text-brass"
    >
      {children}
      <span className="sr-only">{`${label} (opens in a new tab)`}</span>
    </a>
  );
}
