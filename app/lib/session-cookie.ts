import { parse } from "cookie";

/** The cookie that carries an admin's session token; a request without it is anonymous. */
export const SESSION_COOKIE = "session";

/**
 * The cookie of a customer signed in to their own page (decision 028): another name, another table, so
 * no admin check ever reads it as an admin's session.
 */
export const CUSTOMER_SESSION_COOKIE = "customer_session";

/** Whether a Cookie header carries either kind of session: such a request is never answered from a shared cache. */
export const hasSessionCookie = (cookieHeader: string | null | undefined) => {
  const cookies = parse(cookieHeader ?? "");
  return cookies[SESSION_COOKIE] !== undefined || cookies[CUSTOMER_SESSION_COOKIE] !== undefined;
};

/** The session token a Cookie header carries, if any. */
export const sessionTokenOf = (cookieHeader: string | null | undefined) => parse(cookieHeader ?? "")[SESSION_COOKIE];
