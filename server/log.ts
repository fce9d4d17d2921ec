import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { format } from "node:util";
import type { RequestHandler } from "express";
import type { Config } from "~/config.server";
import { maskedPath } from "~/lib/masked-path";

/*
 * What the server writes to stdout and stderr (decision 026). In production, where a container runtime or
 * journald collects it, every line is one JSON object a log system can index; in development, and on a
 * terminal, readable text. Nothing logged carries a password, a token or a full e-mail address: request
 * lines name the path without its query string, with the secret parts of the paths below masked.
 */

export type LogFormat = "json" | "text";

/** LOG_FORMAT when set; else JSON in production unless a person is watching the terminal. */
export function resolveLogFormat(config: Pick<Config, "env" | "logFormat">, isTTY = Boolean(process.stdout.isTTY)) {
  return config.logFormat ?? (config.env === "production" && !isTTY ? "json" : "text");
}

const requestScope = new AsyncLocalStorage<{ requestId: string }>();

const errorFields = (error: Error) => ({
  error: { name: error.name, message: error.message, ...("code" in error && { code: error.code }), stack: error.stack },
});

function jsonLine(level: string, args: unknown[]) {
  const error = args.find((arg): arg is Error => arg instanceof Error);
  const message = args.filter((arg) => arg !== error).map((arg) => (typeof arg === "string" ? arg : format(arg)));
  return JSON.stringify({
    time: new Date().toISOString(),
    level,
    msg: message.join(" ") || error?.message || "",
    ...requestScope.getStore(),
    ...(error && errorFields(error)),
  });
}

const CONSOLE_LEVELS = { debug: "debug", log: "info", info: "info", warn: "warn", error: "error" } as const;

/**
 * In JSON mode, turns every console call of the process (ours, React Router's, a library's) into one JSON
 * line, so a multi-line message or a stack trace cannot split into lines a log system reads apart.
 */
export function applyLogFormat(logFormat: LogFormat) {
  if (logFormat !== "json") return;
  for (const [method, level] of Object.entries(CONSOLE_LEVELS)) {
    const stream = level === "warn" || level === "error" ? process.stderr : process.stdout;
    console[method as keyof typeof CONSOLE_LEVELS] = (...args: unknown[]) => {
      stream.write(`${jsonLine(level, args)}\n`);
    };
  }
}

/** An id a proxy in front may have set already, taken over so both logs name the request alike. */
const FORWARDED_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * Gives each request an id (answered as X-Request-Id, carried by every line logged while it runs) and logs
 * one line when it ends: method, masked path, status, duration. `logFormat` undefined: ids only (tests).
 */
export function requestLog(logFormat: LogFormat | undefined): RequestHandler {
  return (req, res, next) => {
    const forwarded = req.get("x-request-id");
    const requestId = forwarded && FORWARDED_ID.test(forwarded) ? forwarded : randomUUID();
    res.setHeader("X-Request-Id", requestId);
    if (logFormat) {
      const started = process.hrtime.bigint();
      res.once("close", () => {
        const durationMs = Math.round(Number(process.hrtime.bigint() - started) / 1e4) / 100;
        const status = res.writableFinished ? res.statusCode : 499;
        const path = maskedPath(req.originalUrl);
        const line =
          logFormat === "json"
            ? JSON.stringify({
                time: new Date().toISOString(),
                level: status >= 500 ? "error" : "info",
                msg: "request",
                requestId,
                method: req.method,
                path,
                status,
                durationMs,
              })
            : `${req.method} ${path} ${status} ${durationMs} ms`;
        process.stdout.write(`${line}\n`);
      });
    }
    requestScope.run({ requestId }, next);
  };
}
