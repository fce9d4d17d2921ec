import type { RequestHandler } from "express";
import multer from "multer";
import type { AppContext } from "~/context";
import { apiRouter, parseId, requireAdmin } from "~/lib/api.server";
import { HttpError, badRequest } from "~/lib/http-error";
import { deleteMedia, listMedia, uploadImages } from "./media.server";

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** Multer's failures are the uploader's doing: too big or too many is 413, anything malformed 400. */
function uploadError(error: unknown, limits: AppContext["config"]["limits"]): HttpError {
  if (!(error instanceof multer.MulterError)) return badRequest("The upload could not be read. Please try again.");
  switch (error.code) {
    case "LIMIT_FILE_SIZE": {
      // Multer 2 names the file; its type definitions do not know that yet.
      const { filename } = error as multer.MulterError & { filename?: string };
      return new HttpError(
        413,
        `${filename ?? "A file"} is larger than the ${megabytes(limits.uploadMaxFileBytes)} limit per file`,
      );
    }
    case "LIMIT_FILE_COUNT":
      return new HttpError(413, `You can upload at most ${limits.uploadMaxFiles} files at once`);
    case "LIMIT_UNEXPECTED_FILE":
      return badRequest('Send the images in the "files" field');
    default:
      return badRequest(`The upload was refused: ${error.message}`);
  }
}

export function mediaApi({ db, config }: AppContext) {
  const router = apiRouter();
  const { limits, uploadsDir } = config;
  const multipart = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: limits.uploadMaxFileBytes, files: limits.uploadMaxFiles, fields: 20, fieldSize: 10_000 },
    defParamCharset: "utf8",
  }).array("files");
  const receiveFiles: RequestHandler = (req, res, next) => {
    multipart(req, res, (error?: unknown) => next(error ? uploadError(error, limits) : undefined));
  };

  // The library is an admin tool: even the list is not public.
  router.get("/", requireAdmin, async (_req, res) => {
    res.json(await listMedia(db));
  });

  router.post("/", requireAdmin, receiveFiles, async (req, res) => {
    const files = (req.files as Express.Multer.File[] | undefined) ?? [];
    if (files.length === 0) throw badRequest("Choose at least one image to upload");
    const result = await uploadImages(
      db,
      uploadsDir,
      files.map((file) => ({ name: file.originalname, buffer: file.buffer })),
    );
    if (result.uploaded.length > 0) {
      res.status(201).json(result);
      return;
    }
    const { rejected } = result;
    const message =
      rejected.length === 1
        ? rejected[0]!.message
        : `None of the ${rejected.length} files could be uploaded: ${rejected.map((file) => file.message).join("; ")}`;
    res.status(400).json({ message, rejected });
  });

  router.delete("/:id", requireAdmin, async (req, res) => {
    await deleteMedia(db, uploadsDir, parseId(req.params.id, "Media file"));
    res.status(204).end();
  });

  return router;
}
