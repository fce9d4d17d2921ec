import { randomBytes } from "node:crypto";
import compression from "compression";
import express, { type RequestHandler } from "express";
import helmet from "helmet";
import type { AppContext } from "~/context";
import { apiRouter as createRouter } from "~/lib/api.server";
import { loadUser } from "./load-user";
import { requestContext } from "./request-context";
import { accountApi } from "~/features/account/account.api";
import { authApi } from "~/features/auth/auth.api";
import { reviewsApi } from "~/features/reviews/reviews.api";
import { servicesApi } from "~/features/services/services.api";
import { productsApi } from "~/features/products/products.api";
import { galleryApi } from "~/features/gallery/gallery.api";
import { blogApi } from "~/features/blog/blog.api";
import { calendarBookingsApi, calendarFeedsApi, calendarTeamApi } from "~/features/booking/calendar.api";
import { faqsApi } from "~/features/faqs/faqs.api";
import { barbersApi } from "~/features/barbers/barbers.api";
import { mediaApi } from "~/features/media/media.api";
import { availabilityApi, bookingSlotsApi, bookingsApi } from "~/features/booking/booking.api";
import { teamApi } from "~/features/team/team.api";
import { contactApi } from "~/features/contact/contact.api";
import { accountsApi } from "~/features/accounts/accounts.api";
import { auditApi } from "~/features/audit/audit.api";
import { reportsApi } from "~/features/reports/reports.api";
import { auditAdminWrites, describeApiCall } from "./audit";
import { z } from "zod";
import { apiDoc } from "~/lib/api-docs.server";
import { bookingAttendanceApi, customersApi } from "~/features/customers/customers.api";
import { settingsApi } from "~/features/settings/settings.api";
import { textsApi } from "~/features/texts/texts.api";
import { bookingMoneyApi, paymentsApi, paymentsWebhookApi } from "~/features/payments/payments.api";
import { salesApi, terminalApi, tillApi } from "~/features/till/till.api";
import { giftCardsApi } from "~/features/gift-cards/gift-cards.api";
import { membershipPlansApi, membershipsApi } from "~/features/memberships/memberships.api";
import { waitlistApi } from "~/features/waitlist/waitlist.api";
import { queueApi } from "~/features/queue/queue.api";
import { importApi } from "~/features/import/import.api";
import { shopFileApi } from "~/features/import/shop-file.api";
import { apiErrorHandler, apiNotFound } from "./api/errors";
import { inlineGzipJson } from "./api/inline-gzip";
import { refuseNulInJson, refuseNulInUrl } from "./api/nul-bytes";
import { openApiDocumentOf } from "./api/openapi";
import { refuseCrossSiteWrites } from "./api/origin";
import { PUBLIC_API_LISTS, cachePublicJson, type ResponseCache } from "./response-cache";
import { healthChecks } from "./health";
import { limitedJsonBody } from "~/lib/request-body.server";
import { requestLog, resolveLogFormat } from "./log";

export interface HttpOptions {
  /** Serves everything outside /api and /uploads: React Router's handler plus its static assets. */
  pages?: RequestHandler[];
  /** Vite's dev server injects inline scripts of its own, so the CSP is relaxed in development. */
  development?: boolean;
  /** Shared with the pages handler; public API lists are answered from it too. */
  cache?: ResponseCache;
}

/** Every JSON body the API takes is a few fields of text; images come as multipart to /api/media. */
export const API_BODY_LIMIT = 100 * 1024;

export function createApi(ctx: AppContext, cache?: ResponseCache) {
  const api = createRouter();
  // Each call's own context: the shop's settings are read at most once for it (requestOf in app/lib/api.server.ts).
  api.use((_req, res, next) => {
    res.locals.requestContext = requestContext(ctx);
    next();
  });
  // Before the JSON parser: Stripe's signature is checked on the raw body.
  api.use("/payments", paymentsWebhookApi(ctx));
  api.use("/texts", textsApi(ctx));
  api.use(limitedJsonBody(API_BODY_LIMIT, refuseNulInJson));
  api.use(inlineGzipJson);
  // Answers are private unless the response cache marks them public (anonymous, public content only).
  api.use((_req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    next();
  });
  api.use(loadUser(ctx));
  api.use(auditAdminWrites(ctx, describeApiCall));
  if (cache) api.get(PUBLIC_API_LISTS, cachePublicJson(cache));
  api.use(authApi(ctx));
  api.use("/services", servicesApi(ctx));
  api.use("/products", productsApi(ctx));
  api.use("/gallery", galleryApi(ctx));
  api.use("/blog", blogApi(ctx));
  api.use("/faqs", faqsApi(ctx));
  api.use("/barbers", barbersApi(ctx));
  api.use("/media", mediaApi(ctx));
  api.use("/booking-slots", bookingSlotsApi(ctx));
  api.use("/bookings", bookingsApi(ctx));
  api.use("/availability", availabilityApi());
  api.use("/team", teamApi(ctx));
  api.use("/bookings", bookingAttendanceApi());
  api.use("/bookings", calendarBookingsApi(ctx));
  api.use("/team", calendarTeamApi(ctx));
  api.use(calendarFeedsApi(ctx));
  api.use("/bookings", bookingMoneyApi(ctx));
  api.use("/payments", paymentsApi(ctx));
  api.use("/gift-cards", giftCardsApi(ctx));
  api.use("/membership-plans", membershipPlansApi(ctx));
  api.use("/memberships", membershipsApi(ctx));
  api.use("/customers", customersApi(ctx));
  api.use("/contact", contactApi(ctx));
  api.use("/settings", settingsApi(ctx));
  api.use("/accounts", accountsApi(ctx));
  api.use("/audit", auditApi(ctx));
  api.use("/reports", reportsApi(ctx));
  api.use("/account", accountApi(ctx));
  api.use("/reviews", reviewsApi(ctx));
  api.use("/waitlist", waitlistApi(ctx));
  api.use("/queue", queueApi());
  api.use("/import", importApi(ctx));
  api.use("/sales", salesApi(ctx));
  api.use("/till", tillApi());
  api.use("/terminal", terminalApi());
  api.use(shopFileApi(ctx));
  api.get(
    "/openapi.json",
    apiDoc({
      summary: "This API's OpenAPI 3.1 document",
      tag: "meta",
      responses: {
        200: ["The document", z.looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) })],
      },
    }),
    (_req, res) => {
      res.json(openApiDocumentOf(api));
    },
  );
  api.use(apiNotFound);
  api.use(apiErrorHandler);
  return api;
}

/**
 * HSTS on answers that went out over https: the request's own (TLS here, or X-Forwarded-Proto from a trusted
 * proxy), or any request behind a trusted proxy when PUBLIC_URL is https (the proxy holds the certificate).
 */
function strictTransportSecurity(config: AppContext["config"]): RequestHandler {
  const behindHttpsProxy = config.trustProxy !== false && config.publicUrl.startsWith("https://");
  return (req, res, next) => {
    if (req.secure || behindHttpsProxy)
      res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
}

export function createHttpApp(ctx: AppContext, options: HttpOptions = {}) {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", ctx.config.trustProxy);
  // Development logs no requests: Vite's own module requests would bury everything else.
  app.use(requestLog(ctx.config.env === "production" ? resolveLogFormat(ctx.config) : undefined));
  app.use(healthChecks(ctx));
  app.use(compression());

  app.use((_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    next();
  });
  app.use(
    helmet({
      contentSecurityPolicy: options.development
        ? false
        : {
            directives: {
              "script-src": ["'self'", (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`],
              "style-src": ["'self'", "'unsafe-inline'"],
              "img-src": ["'self'", "data:", "blob:", "https:"],
              "frame-src": ["https://www.google.com", "https://maps.google.com"],
              "connect-src": ["'self'"],
              "upgrade-insecure-requests": ctx.config.publicUrl.startsWith("https://") ? [] : null,
            },
          },
      crossOriginEmbedderPolicy: false,
      // Sent below, and only over https: a browser must never learn it from a plain-HTTP answer.
      strictTransportSecurity: false,
      // Not helmet's no-referrer: under it browsers send `Origin: null` with a form posted from our own pages
      // (the forms before JavaScript), which the cross-site checks must refuse. Other sites still get nothing.
      referrerPolicy: { policy: "same-origin" },
    }),
  );
  app.use(strictTransportSecurity(ctx.config));
  app.use(refuseCrossSiteWrites(ctx.config.publicUrl));
  app.use(refuseNulInUrl);

  app.use("/uploads", ctx.storage.serve, (_req, res) => res.status(404).type("text/plain").send("Not found"));
  const api = createApi(ctx, options.cache);
  app.use("/api", api);
  // The API reference page (/admin/api) renders this document.
  app.use((_req, res, next) => {
    res.locals.openApiDocument = () => openApiDocumentOf(api);
    next();
  });
  for (const handler of options.pages ?? []) app.use(handler);
  return app;
}
