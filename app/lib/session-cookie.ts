import { parse } from "cookie";

/** The cookie that carries an admin's session token; a request without it is anonymous. */
export const SESSION_COOKIE = "session";

/**
 * The cookie of a customer signed in to their own page (decision 028): another name, another table, so
 * no admin check ever reads it as an admin's session.
 */
export const CUSTOMER_SESSION_COOKIE = "customer_session";

/**
 * The short-lived cookie (path /bookings) holding the manage token of the booking the page's form just made,
 * so the page it redirects to can show it (decision 023): a page carrying it is that visitor's alone.
 */
export const BOOKING_CONFIRMATION_COOKIE = "booking-confirmation";

/** The session token a Cookie header carries, if any. */
export const sessionTokenOf = (cookieHeader: string | null | undefined) => parse(cookieHeader ?? "")[SESSION_COOKIE];
