import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { RequestContext } from "~/context";
import type { Db } from "~/db/client.server";
import { getTeamMember } from "~/features/team/index.server";
import { HttpError, notFound } from "~/lib/http-error";
import { recordWithinLimits } from "~/lib/rate-limit.server";
import { SHOP_TIME_ZONE } from "~/lib/shop";
import { addDays, shopToday } from "~/lib/shop-time";
import { bookingsBetween } from "./calendar.server";
import { LONDON_VTIMEZONE, bookingUid, escapeIcsText, icsText, localDateTime, utcStamp } from "./booking-ics";

/*
 * Private calendar feeds (RFC 5545 subscriptions): one per barber and one for the whole shop. Only
 * the token grants access; it is stored as a SHA-256 hash, one live token per scope, so making a
 * new one retires the old at once.
 */

const FEED_BUCKET = "calendar-feed";
const HOUR_MS = 3_600_000;
/** Phones poll every 15 minutes or so; a few devices behind one address stay far below this. */
const FEED_FETCHES_PER_HOUR = 120;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const CANCELLED_SHOWN_DAYS = 30;
const PAST_DAYS = 30;

export type FeedScope = { memberId: number } | "shop";

const scopeKey = (scope: FeedScope) => (scope === "shop" ? "shop" : `member-${scope.memberId}`);
const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

export const calendarFeedPath = (token: string) => `/api/calendar-feeds/${token}.ics`;

/** Makes a new private address for the scope; the one before stops working at once. */
export async function renewCalendarFeed(ctx: RequestContext, scope: FeedScope, now: Date = new Date()) {
  if (scope !== "shop") await getTeamMember(ctx.db, scope.memberId);
  const token = randomBytes(32).toString("base64url");
  const key = scopeKey(scope);
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom("calendar_feeds").where("scope", "=", key).execute();
    await trx
      .insertInto("calendar_feeds")
      .values({ scope: key, token_hash: sha256(token), created_at: now.toISOString() })
      .execute();
  });
  return { url: `${ctx.config.publicUrl}${calendarFeedPath(token)}` };
}

/** The scope a token opens, or 404 for anything else (a retired, made-up or malformed token alike). */
async function scopeOfToken(db: Db, token: string): Promise<FeedScope> {
  const hash = sha256(TOKEN_PATTERN.test(token) ? token : "");
  const row = await db.selectFrom("calendar_feeds").selectAll().where("token_hash", "=", hash).executeTakeFirst();
  // The row was found by its hash; comparing in constant time as well keeps the check free of timing hints.
  if (!row || !TOKEN_PATTERN.test(token) || !timingSafeEqual(Buffer.from(row.token_hash), Buffer.from(hash))) {
    throw notFound("Calendar feed");
  }
  return row.scope === "shop" ? "shop" : { memberId: Number(row.scope.slice("member-".length)) };
}

type FeedBooking = Awaited<ReturnType<typeof bookingsBetween>>[number];

function feedEvent(shopName: string, booking: FeedBooking, stamp: string, withBarber: boolean) {
  const description = [
    booking.customer_phone ? `Phone: ${booking.customer_phone}` : undefined,
    booking.notes ? `Notes: ${booking.notes}` : undefined,
    withBarber && booking.member_name ? `Barber: ${booking.member_name}` : undefined,
    `Reference: ${booking.reference}`,
  ].filter(Boolean);
  return [
    "BEGIN:VEVENT",
    `UID:${bookingUid(shopName, booking.reference)}`,
    `SEQUENCE:${booking.sequence + (booking.status === "cancelled" ? 1 : 0)}`,
    `DTSTAMP:${stamp}`,
    `DTSTART;TZID=${SHOP_TIME_ZONE}:${localDateTime(booking.date, booking.start_time)}`,
    `DTEND;TZID=${SHOP_TIME_ZONE}:${localDateTime(booking.date, booking.endTime)}`,
    `SUMMARY:${escapeIcsText(`${booking.customer_name} — ${booking.services.join(", ")}`)}`,
    `DESCRIPTION:${escapeIcsText(description.join("\n"))}`,
    `STATUS:${booking.status === "cancelled" ? "CANCELLED" : "CONFIRMED"}`,
    booking.status === "cancelled" ? "TRANSP:TRANSPARENT" : "TRANSP:OPAQUE",
    "END:VEVENT",
  ];
}

export interface CalendarFeed {
  ics: string;
  etag: string;
}

/**
 * The feed behind a token: the scope's bookings from 30 days back to the booking horizon, the
 * cancelled ones of the last 30 days as STATUS:CANCELLED (so a subscribed calendar drops them), in
 * the shop's zone with its VTIMEZONE. The ETag covers everything but DTSTAMP, so an unchanged
 * calendar answers 304. Each fetch counts against its address's hourly limit.
 */
export async function readCalendarFeed(
  ctx: RequestContext,
  token: string,
  client: string,
  now: Date = new Date(),
): Promise<CalendarFeed> {
  const limit = { bucket: FEED_BUCKET, subject: client, max: FEED_FETCHES_PER_HOUR, windowMs: HOUR_MS };
  if (!(await recordWithinLimits(ctx.db, [limit], now)).allowed) {
    throw new HttpError(429, "Too many calendar requests from this address. Please try again later.");
  }
  const scope = await scopeOfToken(ctx.db, token);
  const shop = await ctx.settings();
  const name =
    scope === "shop" ? shop.shopName : `${(await getTeamMember(ctx.db, scope.memberId)).name} at ${shop.shopName}`;
  const today = shopToday(now);
  const bookings = await bookingsBetween(ctx.db, {
    from: addDays(today, -PAST_DAYS),
    to: addDays(today, shop.bookingHorizonWeeks * 7),
    statuses: ["confirmed", "cancelled"],
    cancelledSince: new Date(now.getTime() - CANCELLED_SHOWN_DAYS * 24 * HOUR_MS).toISOString(),
    memberId: scope === "shop" ? undefined : scope.memberId,
  });
  const stamp = utcStamp(now);
  const body = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//${shop.shopName}//Calendar feed//EN`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeIcsText(name)}`,
    `X-WR-TIMEZONE:${SHOP_TIME_ZONE}`,
    "REFRESH-INTERVAL;VALUE=DURATION:PT15M",
    "X-PUBLISHED-TTL:PT15M",
    ...LONDON_VTIMEZONE,
    ...bookings.flatMap((booking) => feedEvent(shop.shopName, booking, stamp, scope === "shop")),
    "END:VCALENDAR",
  ];
  const etag = `"${sha256(body.filter((line) => !line.startsWith("DTSTAMP:")).join("\n")).slice(0, 32)}"`;
  return { ics: icsText(body), etag };
}
