import { createCookie, redirect } from "react-router";
import type { z } from "zod";
import type { RequestContext } from "~/context";
import { policySentence } from "~/features/payments";
import { publicPaymentSettings } from "~/features/payments/index.server";
import { listServices } from "~/features/services/index.server";
import { closureAnnouncements } from "~/features/settings/index.server";
import { listPublicTeam } from "~/features/team/index.server";
import { BOOKING_CONFIRMATION_COOKIE } from "~/lib/session-cookie";
import { shopToday } from "~/lib/shop-time";
import { getAvailability, getAvailableDates } from "./availability.server";
import { previewSeries } from "./booking-series.server";
import {
  availabilityDatesQuerySchema,
  availabilityQuerySchema,
  newFormToken,
  seriesPreviewQuerySchema,
} from "./booking.schema";
import { repeatFromSearch, seriesPreviewUrl } from "./components/repeat-picker";
import { listAvailableSlots } from "./slots.server";
import { availabilityUrls, choicesFromSearch, chosenMember } from "./use-booking-flow";
import { confirmationByManageToken } from "./write/place.server";

/* The booking page's server side (/bookings): what its loader shows and where its form's booking is shown. */

/** What `GET url` of the availability API answers, worked out with the API's own query schema and function. */
async function availabilityAnswer<S extends z.ZodType, T>(
  url: string | null,
  schema: S,
  read: (query: z.output<S>) => Promise<T>,
) {
  if (!url) return undefined;
  const query = schema.safeParse(Object.fromEntries(new URL(url, "http://localhost").searchParams));
  return query.success ? { url, data: await read(query.data) } : undefined;
}

/**
 * Where a booking made by the form is shown: a page of its own, so a reload shows it again instead of booking
 * again. The address names only the reference; the manage token travels in a short-lived cookie of this page's
 * path, so it is never in an address (decision 019).
 */
const confirmationPath = (reference: string) => `/bookings?booked=${reference}#booking-confirmed-title`;
const confirmationCookie = (context: RequestContext) =>
  createCookie(BOOKING_CONFIRMATION_COOKIE, {
    httpOnly: true,
    sameSite: "lax",
    secure: context.config.publicUrl.startsWith("https://"),
    path: "/bookings",
    maxAge: 900,
  });

/** Post, redirect, get: a reload or the back button shows the booking instead of sending the form again. */
export async function confirmationRedirect(
  context: RequestContext,
  confirmation: { reference: string; manageToken: string },
) {
  return redirect(confirmationPath(confirmation.reference), {
    status: 303,
    headers: { "Set-Cookie": await confirmationCookie(context).serialize(confirmation.manageToken) },
  });
}

/** The booking the visitor's form just made, when the address and the cookie name the same one. */
async function justBooked(context: RequestContext, request: Request, reference: string) {
  const token: unknown = await confirmationCookie(context).parse(request.headers.get("Cookie"));
  const booked = typeof token === "string" ? await confirmationByManageToken(context, token) : null;
  return booked?.confirmation.reference === reference ? booked : null;
}

/** A signed-in customer's details, which fill the form (the account feature finds them: it imports this one). */
interface CustomerDetails {
  customerName: string;
  customerEmail: string;
  customerPhone: string;
}

/** Everything the booking page shows for its address: the choices in it, what they offer and a fresh booking. */
export async function bookingPage(
  context: RequestContext,
  request: Request,
  signedIn: Promise<CustomerDetails | undefined>,
) {
  const [services, team, slots, shop, customer] = await Promise.all([
    listServices(context.db),
    listPublicTeam(context.db),
    listAvailableSlots(context.db),
    context.settings(),
    signedIn,
  ]);
  const today = shopToday();
  const search = new URL(request.url).searchParams;
  const choices = choicesFromSearch(search, services, today);
  const bookedReference = search.get("booked");
  // The dates and times the chosen services offer, as the page would fetch them: in the HTML, so the page works
  // without JavaScript and shows them at once.
  const member = chosenMember(team, choices.serviceIds, choices.memberChoice);
  const urls = availabilityUrls(choices.serviceIds, member?.id, choices.month, choices.date);
  const payments = await publicPaymentSettings(context);
  // Repeat appointments pay nothing up front: offered only while the shop asks no payment (decision 032).
  const repeatOffered = payments.policy === "none";
  const repeat = repeatFromSearch(search);
  const startTime = choices.timeKey.startsWith("time:") ? choices.timeKey.slice("time:".length) : undefined;
  const previewUrl = repeatOffered
    ? seriesPreviewUrl(repeat, { serviceIds: choices.serviceIds, memberId: member?.id, date: choices.date, startTime })
    : null;
  const [dates, times, booked, seriesPreview] = await Promise.all([
    availabilityAnswer(urls.dates, availabilityDatesQuerySchema, (query) => getAvailableDates(context, query)),
    availabilityAnswer(urls.times, availabilityQuerySchema, (query) => getAvailability(context, query)),
    bookedReference ? justBooked(context, request, bookedReference) : null,
    availabilityAnswer(previewUrl, seriesPreviewQuerySchema, (query) => previewSeries(context, query)),
  ]);
  return {
    services,
    team,
    slots,
    today,
    choices,
    availability: { dates, times },
    closures: closureAnnouncements(shop),
    confirmation: booked?.confirmation ?? null,
    bookAgain: booked?.bookAgain ?? null,
    customer,
    // The details form is in the HTML once a time is chosen: it carries the token that makes it book once.
    formToken: choices.timeKey ? newFormToken() : null,
    paymentPolicy: policySentence(payments, shop.cancellationNoticeHours),
    repeatOffered,
    repeat,
    seriesPreview,
    textsOffered: context.config.twilio !== undefined,
  };
}

export type BookingPageData = Awaited<ReturnType<typeof bookingPage>>;
