import type { RequestHandler } from "express";
import { HttpError } from "~/lib/http-error";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF defence in depth beside SameSite=Lax cookies: a write whose browser
 * headers say it comes from another site is refused. Clients that send neither
 * header (curl, server-to-server) are let through; they carry no victim's cookie.
 */
export function refuseCrossSiteWrites(publicUrl: string): RequestHandler {
  const publicOrigin = new URL(publicUrl).origin;
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const fetchSite = req.get("sec-fetch-site");
    const origin = req.get("origin");
    const ownOrigin = `${req.protocol}://${req.get("host")}`;
    const crossSite =
      fetchSite === "cross-site" || (origin !== undefined && origin !== publicOrigin && origin !== ownOrigin);
    if (!crossSite) return next();
    const error = new HttpError(403, "Requests from other sites are not allowed.");
    res.status(error.status).json({ message: error.message });
  };
}
