import type { RequestHandler } from "express";
import multer from "multer";
import { z } from "zod";
import type { AppContext } from "~/context";
import { apiDoc, apiErrorSchema } from "~/lib/api-docs.server";
import { apiRouter, currentUser, parseInput, requestOf, requireAdmin } from "~/lib/api.server";
import { HttpError, badRequest } from "~/lib/http-error";
import { importBookings } from "./booking-import.server";
import { BOOKING_IMPORT_MAX_ROWS, bookingImportResultSchema, bookingMappingFieldSchema } from "./booking-import.schema";
import { importCustomers } from "./customer-import.server";
import {
  customerImportResultSchema,
  FILE_TOO_LARGE,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  mappingFieldSchema,
} from "./import.schema";

/** Multer's refusals are the uploader's doing: a file over the limit is 413, anything else malformed 400. */
function uploadError(error: unknown): HttpError {
  if (error instanceof multer.MulterError && error.code === "LIMIT_FILE_SIZE")
    return new HttpError(413, FILE_TOO_LARGE);
  if (error instanceof multer.MulterError && error.code === "LIMIT_UNEXPECTED_FILE") {
    return badRequest('Send the CSV file in the "file" field');
  }
  return badRequest("The upload could not be read. Please try again.");
}

const importFormSchema = z.object({
  mapping: mappingFieldSchema,
  dryRun: z
    .enum(["true", "false"], { error: 'dryRun must be "true" or "false"' })
    .optional()
    .transform((value) => value === "true"),
});

const bookingImportFormSchema = importFormSchema.extend({
  mapping: bookingMappingFieldSchema,
  notify: z
    .enum(["true", "false"], { error: 'notify must be "true" or "false"' })
    .optional()
    .transform((value) => value === "true"),
});

/** /api/import: bringing a shop's clients and appointments over from another system; admin only. */
export function importApi(ctx: AppContext) {
  const router = apiRouter();
  const multipart = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5, fieldSize: 100_000 },
    defParamCharset: "utf8",
  }).single("file");
  const receiveFile: RequestHandler = (req, res, next) => {
    multipart(req, res, (error?: unknown) => next(error ? uploadError(error) : undefined));
  };

  const customers = apiDoc({
    summary: "Imports a client list (CSV), or with dryRun=true says what importing it would do",
    description:
      `UTF-8 or Windows-1252, comma or semicolon separated, with a header row; at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB ` +
      `and ${IMPORT_MAX_ROWS.toLocaleString("en-GB")} rows. Columns are read by their header; \`mapping\` (JSON) changes ` +
      "any of them. A row merges into the customer with its e-mail, else its phone; one without either is skipped. " +
      "The import is one transaction: a failure saves nothing. Nobody is mailed or texted.",
    multipart: z.object({
      file: z.file(),
      mapping: z.string().optional(),
      dryRun: z.enum(["true", "false"]).optional(),
    }),
    responses: {
      200: ["What was (or would be) imported", customerImportResultSchema],
      400: ["Not a readable client file, a bad mapping or too many rows; nothing saved", apiErrorSchema],
      413: ["A file over the size limit; nothing saved", apiErrorSchema],
    },
  });
  router.post("/customers", customers, requireAdmin, receiveFile, async (req, res) => {
    if (!req.file) throw badRequest('Choose a CSV file to import (the "file" field)');
    const { mapping, dryRun } = parseInput(importFormSchema, req.body);
    const user = currentUser(res)!;
    const file = { name: req.file.originalname, bytes: req.file.buffer };
    res.json(await importCustomers(ctx.db, file, { mapping, dryRun, actor: user }));
  });

  const bookings = apiDoc({
    summary: "Imports appointments (CSV), or with dryRun=true says what importing them would do",
    description:
      `As the client import, at most ${BOOKING_IMPORT_MAX_ROWS.toLocaleString("en-GB")} rows: date, start time, ` +
      "services (by name, several joined by + or ;), barber (by name; empty for whoever is free), the client's " +
      "name, e-mail and phone, notes. Each row is booked by the owner's rules (no notice or horizon; the barber's " +
      "hours and other bookings hold); a row refused is listed in skip with the reason and the rest are imported, " +
      "in one transaction. Nobody is mailed unless notify=true: then each customer with an address is sent a " +
      "confirmation with their manage link.",
    multipart: z.object({
      file: z.file(),
      mapping: z.string().optional(),
      dryRun: z.enum(["true", "false"]).optional(),
      notify: z.enum(["true", "false"]).optional(),
    }),
    responses: {
      200: ["What was (or would be) imported", bookingImportResultSchema],
      400: ["Not a readable appointments file, a bad mapping or too many rows; nothing saved", apiErrorSchema],
      413: ["A file over the size limit; nothing saved", apiErrorSchema],
    },
  });
  router.post("/bookings", bookings, requireAdmin, receiveFile, async (req, res) => {
    if (!req.file) throw badRequest('Choose a CSV file to import (the "file" field)');
    const { mapping, dryRun, notify } = parseInput(bookingImportFormSchema, req.body);
    const file = { name: req.file.originalname, bytes: req.file.buffer };
    const actor = currentUser(res)!;
    res.json(await importBookings(requestOf(res), file, { mapping, dryRun, notify, actor, config: ctx.config }));
  });

  return router;
}
