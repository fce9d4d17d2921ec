import type { RequestHandler } from "express";
import multer from "multer";
import { z } from "zod";
import type { AppContext } from "~/context";
import { apiDoc, apiErrorSchema } from "~/lib/api-docs.server";
import { apiRouter, currentUser, parseInput, requireAdmin } from "~/lib/api.server";
import { HttpError, badRequest } from "~/lib/http-error";
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

/** /api/import: bringing a shop's clients over from another system; admin only. */
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

  return router;
}
