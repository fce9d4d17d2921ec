import type { RequestHandler, Response } from "express";
import multer from "multer";
import { z } from "zod";
import type { AppContext, SessionUser } from "~/context";
import { reauthenticationSchema } from "~/features/accounts";
import { confirmIdentity, reauthenticationLimits } from "~/features/auth/index.server";
import { recordAudit } from "~/features/audit/index.server";
import { apiDoc, apiErrorSchema } from "~/lib/api-docs.server";
import { apiRouter, requireAdmin } from "~/lib/api.server";
import { clockNow } from "~/lib/clock";
import { HttpError, badRequest } from "~/lib/http-error";
import { shopToday } from "~/lib/shop-time";
import { exportShop, importShop, readShopFile, SHOP_FILE_FORMAT, SHOP_FILE_VERSION } from "./shop-file.server";

/** The most a shop file may be: years of a busy shop's bookings are a few megabytes. */
const SHOP_FILE_MAX_BYTES = 200 * 1024 * 1024;

const admin = (res: Response) => res.locals.user as SessionUser;

const notConfirmed = [
  "The current password (and, with two-factor sign-in on, a current code) is missing or wrong",
  apiErrorSchema,
] as const;

/** POST /api/export/shop and POST /api/import/shop: the whole shop in one file, out and back in (admin). */
export function shopFileApi(ctx: AppContext) {
  const router = apiRouter();
  const confirmed = (res: Response, body: unknown) =>
    confirmIdentity(ctx.db, ctx.config, admin(res).id, body, reauthenticationLimits(ctx.config.limits));

  const exported = apiDoc({
    summary: "The whole shop as one JSON document (docs/export.md); the admin gives their password (and code) again",
    description:
      `Format "${SHOP_FILE_FORMAT}" version ${SHOP_FILE_VERSION}: a manifest of counts and every table of the ` +
      "shop's data (settings without secrets, services, products, the team with hours, customers with consents " +
      "and notes, bookings with services, payments and attendance, the money ledger, FAQs, blog, gallery, media).",
    body: reauthenticationSchema,
    responses: {
      200: ["The shop file (application/json, as an attachment)", z.looseObject({ format: z.string() })],
      403: notConfirmed,
    },
  });
  router.post("/export/shop", exported, requireAdmin, async (req, res) => {
    await confirmed(res, req.body);
    const now = clockNow();
    await recordAudit(ctx.db, {
      actor: admin(res),
      kind: "shop",
      action: "export shop",
      targetId: null,
      targetLabel: "the whole shop",
    });
    res.setHeader("Content-Type", "application/json; charset=utf-8");
    res.setHeader("Content-Disposition", `attachment; filename="shop-${shopToday(now)}.json"`);
    res.setHeader("Cache-Control", "no-store");
    await exportShop(ctx.db, ctx.config, (text) => res.write(text), now);
    res.end();
  });

  const multipart = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: SHOP_FILE_MAX_BYTES, files: 1, fields: 5, fieldSize: 1000 },
  }).single("file");
  const receiveFile: RequestHandler = (req, res, next) => {
    multipart(req, res, (error?: unknown) => {
      if (error instanceof multer.MulterError && error.code === "LIMIT_FILE_SIZE") {
        next(new HttpError(413, `The file is larger than ${SHOP_FILE_MAX_BYTES / 1024 / 1024} MB.`));
      } else next(error ? badRequest("The upload could not be read. Please try again.") : undefined);
    });
  };
  const imported = apiDoc({
    summary:
      "Loads a shop file into a shop with no bookings and no customers yet; the admin's password (and code) again",
    description:
      "Multipart: `file` (a shop export), `currentPassword` and, with two-factor sign-in on, `code`. The file's " +
      "services, team, content and settings replace what the install seeded; the install keeps its secrets, " +
      "admins and mail server. One transaction: a file that does not fit saves nothing.",
    multipart: z.object({ file: z.file(), currentPassword: z.string(), code: z.string().optional() }),
    responses: {
      200: ["The rows loaded per table", z.object({ counts: z.record(z.string(), z.int()) })],
      400: ["Not a shop file, or one that does not fit; nothing saved", apiErrorSchema],
      403: notConfirmed,
      409: ["The shop already has bookings or customers", apiErrorSchema],
      413: ["A file over the size limit", apiErrorSchema],
    },
  });
  router.post("/import/shop", imported, requireAdmin, receiveFile, async (req, res) => {
    await confirmed(res, req.body);
    if (!req.file) throw badRequest('Choose the shop file to import (the "file" field)');
    const file = readShopFile(req.file.buffer);
    res.json({ counts: await importShop(ctx.db, ctx.config, file, admin(res)) });
  });

  return router;
}
