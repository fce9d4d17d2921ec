import { phoneHref } from "../shop-facts";
import { useShopSettings } from "../use-shop-settings";

/** The shop's phone number from the settings, as a `tel:` link. */
export function ShopPhoneLink({ className }: { className?: string }) {
  const { phone } = useShopSettings();
  return (
    <a href={phoneHref(phone)} className={className}>
      {phone}
    </a>
  );
}
