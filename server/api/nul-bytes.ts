import type { RequestHandler } from "express";
import { badRequest } from "~/lib/http-error";

/*
 * PostgreSQL cannot store U+0000 in text and answers such a query with an error,
 * so a NUL anywhere in the address or a JSON body is refused as bad input before
 * it reaches a query (on SQLite too, so both engines behave alike).
 */

const NUL_MESSAGE = "Text must not contain NUL characters.";

// In an address a NUL travels as %00; looking for that needs no decoding, which a stray "%ZZ" would break.
const hasNulInUrl = (url: string) => url.includes("\0") || /%00/i.test(url);

export const refuseNulInUrl: RequestHandler = (req, res, next) => {
  if (!hasNulInUrl(req.originalUrl)) return next();
  res.status(400).json({ message: NUL_MESSAGE });
};

/** For the JSON body's `verify`: JSON can carry a NUL only as the escape \u0000, so the raw text tells. */
export function refuseNulInJson(body: Buffer) {
  if (body.includes("\\u0000") || body.includes(0)) throw badRequest(NUL_MESSAGE);
}
