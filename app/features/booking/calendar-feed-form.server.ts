import { createCookie, data, redirect } from "react-router";
import { z } from "zod";
import type { RequestContext } from "~/context";
import { badRequest } from "~/lib/http-error";
import { parseRowId } from "~/lib/schema-fields";
import { renewCalendarFeed } from "./calendar-feed.server";
import type { ShownFeedAddress } from "./components/calendar-feed-form";

/*
 * The "Calendar feed" form of the admin pages (decision 036): post, redirect, get. The new address is a secret,
 * so it never goes in the redirect's address: it travels in a one-minute HttpOnly cookie naming the page it is
 * for, and that page shows it and clears it, so it is shown once, and a reload neither shows it again nor retires
 * it. The cookie's path is /admin, not the page's: with JavaScript the page's data comes from `<page>.data`,
 * which a cookie of the page's own path would not reach.
 */

const FEED_COOKIE = "calendar-feed-address";
const FEED_COOKIE_SECONDS = 60;

const shownFeedSchema = z.object({ page: z.string(), feedFor: z.string(), feedUrl: z.url() });

const feedCookie = (context: RequestContext) =>
  createCookie(FEED_COOKIE, {
    httpOnly: true,
    sameSite: "strict",
    secure: context.config.publicUrl.startsWith("https://"),
    path: "/admin",
    maxAge: FEED_COOKIE_SECONDS,
  });

const pageOf = (address: string) => new URL(address, "http://page.invalid").pathname.replace(/\.data$/, "");

/** The form's post: a new address for a barber (`memberId`) or the whole shop (`shop`), then 303 back to `page`. */
export async function postCalendarFeed(context: RequestContext, memberId: FormDataEntryValue | null, page: string) {
  const feedFor = String(memberId ?? "");
  const id = parseRowId(feedFor);
  if (feedFor !== "shop" && id === null) throw badRequest("Please choose a barber");
  const { url } = await renewCalendarFeed(context, id === null ? "shop" : { memberId: id });
  const shown: z.infer<typeof shownFeedSchema> = { page: pageOf(page), feedFor, feedUrl: url };
  return redirect(page, { status: 303, headers: { "Set-Cookie": await feedCookie(context).serialize(shown) } });
}

/**
 * The address a post just made, for the page's loader to show once: with the header that clears it, which the
 * route passes on (its `headers` export). Nothing when there is none.
 */
export async function takeShownFeed(context: RequestContext, request: Request) {
  const cookie = feedCookie(context);
  const parsed = shownFeedSchema.safeParse(await cookie.parse(request.headers.get("Cookie")));
  if (!parsed.success || parsed.data.page !== pageOf(request.url)) return { feed: undefined, headers: undefined };
  const { feedFor, feedUrl } = parsed.data;
  // The scheme is PUBLIC_URL's; webcal:// tells a phone to subscribe rather than download the file once.
  const webcalUrl = feedUrl.replace(/^https?:\/\//, "webcal://");
  // Loaded on first use: the QR encoder costs the idle server about 10 MB.
  const { default: QRCode } = await import("qrcode");
  const qrCode = await QRCode.toDataURL(webcalUrl, { margin: 1, width: 320 });
  const feed: ShownFeedAddress = { feedFor, feedUrl, webcalUrl, qrCode };
  return { feed, headers: { "Set-Cookie": await cookie.serialize("", { maxAge: 0 }) } };
}

/** A loader's answer with the header that clears the shown feed, when there is one. */
export const withShownFeed = <T>(value: T, headers: Record<string, string> | undefined) =>
  data(value, { headers: headers ?? {} });
