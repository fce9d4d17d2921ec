import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { SHOP_TIME_ZONE } from "./shop";

/**
 * Formats an ISO timestamp as the shop's clock read it (Europe/London), so the
 * server's HTML and the hydrated page agree whatever zone either runs in.
 */
export const formatShopInstant = (iso: string, pattern: string) =>
  format(new TZDate(new Date(iso).getTime(), SHOP_TIME_ZONE), pattern);
