import type { IncomingMessage } from "node:http";
import type { Request, RequestHandler } from "express";
import { HttpError, badRequest } from "~/lib/http-error";

/*
 * The API's request bodies (JSON, Stripe's webhook, Twilio's form posts), read under a limit that holds
 * however they are sent. Express's own parsers stop buffering at their limit but then read the rest of the
 * body to its end before answering 413 (a 300 MB post was read whole); here a declared Content-Length over
 * the limit is refused before a byte of the body is read, and a streamed body is refused as soon as it
 * passes the limit. Reading then stops: the answer says `Connection: close`, and Node closes the connection
 * once it is out, so the rest of the body is never read.
 */

export const BODY_TOO_LARGE_MESSAGE = "The request body is too large.";

const tooLarge = () => new HttpError(413, BODY_TOO_LARGE_MESSAGE);

/** The body's bytes, or a 413 once the declared length or the bytes received pass `limit`. */
export function readLimitedBody(req: IncomingMessage, limit: number) {
  return new Promise<Buffer>((resolve, reject) => {
    if (Number(req.headers["content-length"]) > limit) return reject(tooLarge());
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      req.off("data", onData).off("end", onEnd).off("error", onError);
      req.pause();
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      stop();
      chunks.length = 0;
      reject(tooLarge());
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks));
    };
    const onError = (error: Error) => {
      stop();
      reject(badRequest(`The request body could not be read: ${error.message}`));
    };
    req.on("data", onData).once("end", onEnd).once("error", onError);
  });
}

/** Whether the request carries a body at all (a length, or a chunked transfer), as body parsers judge it. */
const hasBody = (req: IncomingMessage) =>
  req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;

/**
 * Reads the body (of a request `accepts` takes) and hands it to `parse`, whose answer becomes `req.body`;
 * other requests pass with `req.body` undefined, as under Express's parsers. A body that is compressed is
 * refused (415): no client of this API compresses one, and an inflated body would need a limit of its own.
 */
function limitedBody(
  limit: number,
  accepts: (req: Request) => boolean,
  parse: (body: Buffer, req: Request) => unknown,
) {
  const handler: RequestHandler = async (req, res, next) => {
    if (!accepts(req) || !hasBody(req)) return next();
    const encoding = (req.get("content-encoding") ?? "identity").trim().toLowerCase();
    if (encoding !== "identity") return next(new HttpError(415, "Compressed request bodies are not accepted."));
    try {
      req.body = parse(await readLimitedBody(req, limit), req);
      next();
    } catch (error) {
      // The rest of the body stays unread: the connection closes once the refusal is out.
      if (error instanceof HttpError && error.status === 413) res.setHeader("Connection", "close");
      next(error);
    }
  };
  return handler;
}

/** Stripe's signature is over the exact bytes, so the webhook takes the body raw, whatever its type. */
export const limitedRawBody = (limit: number) =>
  limitedBody(
    limit,
    () => true,
    (body) => body,
  );

/** Twilio's webhooks post a form; a name given twice keeps its first value. */
export const limitedFormBody = (limit: number) =>
  limitedBody(
    limit,
    (req) => Boolean(req.is("application/x-www-form-urlencoded")),
    (body) => {
      const fields: Record<string, string> = {};
      for (const [name, value] of new URLSearchParams(body.toString("utf8"))) fields[name] ??= value;
      return fields;
    },
  );

export const INVALID_JSON_MESSAGE = "The request body is not valid JSON.";

/**
 * JSON bodies (application/json), parsed as Express's parser did: UTF-8 only (415 for another charset), an
 * empty body is `{}`, a leading byte-order mark is dropped, and only an object or an array may be the top
 * value. `verify` sees the raw bytes first and may throw an HttpError.
 */
export const limitedJsonBody = (limit: number, verify?: (body: Buffer) => void) =>
  limitedBody(
    limit,
    (req) => Boolean(req.is("application/json")),
    (body, req) => {
      const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(req.get("content-type") ?? "")?.[1]?.toLowerCase();
      if (charset && charset !== "utf-8" && charset !== "utf8") {
        throw new HttpError(415, `The request body's charset "${charset}" is not accepted: send UTF-8.`);
      }
      verify?.(body);
      const text = body.toString("utf8").replace(/^\uFEFF/, "");
      if (text.trim() === "") return {};
      if (!/^\s*[[{]/.test(text)) throw badRequest(INVALID_JSON_MESSAGE);
      try {
        return JSON.parse(text) as unknown;
      } catch {
        throw badRequest(INVALID_JSON_MESSAGE);
      }
    },
  );
