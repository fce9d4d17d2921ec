/*
 * Path segments that are secrets or personal data: a booking's private link, a customer's e-mail address in
 * the admin's customer pages, an account's sign-in link, a review unsubscribe link, a calendar feed. A new
 * token link belongs in this list.
 */
const SECRET_SEGMENT_AFTER = /(\/(?:manage|customers|sign-in|unsubscribe|calendar-feeds)\/)[^/]+/g;
const LOOKS_LIKE_TOKEN = /^[A-Za-z0-9_-]{32,}$/;

/** The path as logs may show it: no query string, secret segments and anything that looks like a token or an e-mail masked. */
export function maskedPath(url: string) {
  const path = url.split("?", 1)[0]!.replace(SECRET_SEGMENT_AFTER, "$1***");
  return path
    .split("/")
    .map((segment) => {
      const decoded = safeDecode(segment);
      return LOOKS_LIKE_TOKEN.test(decoded.replace(/\.(?:data|ics)$/, "")) || decoded.includes("@") ? "***" : segment;
    })
    .join("/");
}

function safeDecode(segment: string) {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
