import type { RequestHandler } from "express";
import multer from "multer";
import type { AppContext } from "~/context";
import { z } from "zod";
import { apiDoc, apiErrorSchema } from "~/lib/api-docs.server";
import { apiRouter, parseId, requireAdmin } from "~/lib/api.server";
import { HttpError, badRequest } from "~/lib/http-error";
import { mediaSchema, rejectedFileSchema, uploadResultSchema } from "./media.schema";
import { deleteMedia, fileTooLarge, listMedia, megabytes, noneUploadedMessage, uploadImages } from "./media.server";

/** Multer's failures are the uploader's doing: too big or too many is 413, anything malformed 400. */
function uploadError(error: unknown, limits: AppContext["config"]["limits"]): HttpError {
  if (!(error instanceof multer.MulterError)) return badRequest("The upload could not be read. Please try again.");
  switch (error.code) {
    case "LIMIT_FILE_SIZE": {
      // Multer 2 names the file; its type definitions do not know that yet.
      const { filename } = error as multer.MulterError & { filename?: string };
      return fileTooLarge(filename, limits.uploadMaxFileBytes);
    }
    case "LIMIT_FILE_COUNT":
      return new HttpError(413, `You can upload at most ${limits.uploadMaxFiles} files at once`);
    case "LIMIT_UNEXPECTED_FILE":
      return badRequest('Send the images in the "files" field');
    default:
      return badRequest(`The upload was refused: ${error.message}`);
  }
}

export function mediaApi({ db, config, storage }: AppContext) {
  const router = apiRouter();
  const { limits } = config;
  const multipart = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: limits.uploadMaxFileBytes, files: limits.uploadMaxFiles, fields: 20, fieldSize: 10_000 },
    defParamCharset: "utf8",
  }).array("files");
  const receiveFiles: RequestHandler = (req, res, next) => {
    multipart(req, res, (error?: unknown) => next(error ? uploadError(error, limits) : undefined));
  };

  // The library is an admin tool: even the list is not public.
  const listed = apiDoc({
    summary: "The media library, newest first",
    responses: { 200: ["The images", z.array(mediaSchema)] },
  });
  router.get("/", listed, requireAdmin, async (_req, res) => {
    res.json(await listMedia(db));
  });

  const upload = apiDoc({
    summary: "Upload images: each is stored as WebP renditions, metadata stripped",
    description: `JPEG, PNG, WebP, GIF or AVIF, judged by their bytes; at most ${limits.uploadMaxFiles} files of ${megabytes(limits.uploadMaxFileBytes)} each.`,
    multipart: z.object({ files: z.array(z.file()) }),
    responses: {
      201: ["At least one image stored; `rejected` names the files refused and why", uploadResultSchema],
      400: ["No file could be stored", apiErrorSchema.extend({ rejected: z.array(rejectedFileSchema).optional() })],
      413: ["A file over the size limit or too many files; nothing stored", apiErrorSchema],
    },
  });
  router.post("/", upload, requireAdmin, receiveFiles, async (req, res) => {
    const files = (req.files as Express.Multer.File[] | undefined) ?? [];
    if (files.length === 0) throw badRequest("Choose at least one image to upload");
    const result = await uploadImages(
      db,
      storage,
      files.map((file) => ({ name: file.originalname, buffer: file.buffer })),
    );
    if (result.uploaded.length > 0) {
      res.status(201).json(result);
      return;
    }
    const { rejected } = result;
    res.status(400).json({ message: noneUploadedMessage(rejected), rejected });
  });

  const remove = apiDoc({ summary: "Delete an image and its renditions", responses: { 204: ["Deleted"] } });
  router.delete("/:id", remove, requireAdmin, async (req, res) => {
    await deleteMedia(db, storage, parseId(req.params.id, "Media file"));
    res.status(204).end();
  });

  return router;
}
