import { parse } from "cookie";

/** The cookie that carries an admin's session token; a request without it is anonymous. */
export const SESSION_COOKIE = "session";

/** The session token a Cookie header carries, if any. */
export const sessionTokenOf = (cookieHeader: string | null | undefined) => parse(cookieHeader ?? "")[SESSION_COOKIE];
