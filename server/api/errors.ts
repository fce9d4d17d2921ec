import type { ErrorRequestHandler, RequestHandler } from "express";
import { ZodError } from "zod";
import { isUniqueViolation } from "~/db/errors";
import { HttpError } from "~/lib/http-error";

/** A library's error for bad input (an upload's parser, say) carries its status. */
interface ClientError {
  status?: number;
}

/** Maps every failure to `{ message }` JSON with a fitting status; only a bug answers 500. */
export const apiErrorHandler: ErrorRequestHandler = (error, _req, res, next) => {
  if (res.headersSent) return next(error);
  if (error instanceof ZodError) {
    const issues = error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
    res.status(400).json({ message: issues[0]?.message ?? "Invalid input", issues });
    return;
  }
  if (error instanceof HttpError) {
    const issues = error.field ? { issues: [{ path: error.field, message: error.message }] } : {};
    res.status(error.status).json({ ...error.details, ...issues, message: error.message });
    return;
  }
  if (isUniqueViolation(error)) {
    res.status(409).json({ message: "That conflicts with an existing record. Please choose a different value." });
    return;
  }
  const { status } = error as ClientError;
  if (typeof status === "number" && status >= 400 && status < 500) {
    res.status(status).json({ message: (error as Error).message || "Bad request" });
    return;
  }
  console.error(error);
  res.status(500).json({ message: "Something went wrong on our side. Please try again." });
};

export const apiNotFound: RequestHandler = (_req, res) => {
  res.status(404).json({ message: "Not found" });
};
