import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WEBHOOK_BODY_LIMIT } from "~/features/payments/payments.api";
import { createTestContext } from "../tests/support/test-app";
import { API_BODY_LIMIT, createHttpApp } from "./http";

/*
 * A body over the API's limits (JSON, Stripe's and Twilio's webhooks) is refused with 413 as soon as it is
 * known to be too large: at once for a declared Content-Length, without reading the body, and after no more
 * than about the limit for a body streamed without one. What the server read is measured on its own socket.
 */

const FIFTY_MB = 50 * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, "x");
/** What may be read past the limit before the refusal: a chunk or two in flight, and the headers. */
const SLACK = 256 * 1024;

let context: Awaited<ReturnType<typeof createTestContext>>;
let server: http.Server;
const serverSockets = new Set<Socket>();

beforeAll(async () => {
  context = await createTestContext();
  server = createHttpApp(context.ctx).listen(0, "127.0.0.1");
  server.on("connection", (socket: Socket) => serverSockets.add(socket));
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await context.close();
});

interface Answer {
  status: number;
  body: string;
  /** Bytes the server had read from the connection when its answer arrived. */
  readByServer: number;
  /** Body bytes the client had written by then. */
  sent: number;
  elapsedMs: number;
}

/**
 * Posts a body of up to 50 MB, written as fast as the connection takes it until an answer arrives. With
 * `declareLength`, the Content-Length says 50 MB and nothing of the body is written until the answer (or a
 * second) has come: a server that waits for the body answers only after that second.
 */
function postHuge(path: string, contentType: string, declareLength: boolean) {
  const { port } = server.address() as AddressInfo;
  const started = performance.now();
  return new Promise<Answer>((resolve, reject) => {
    const request = http.request({
      host: "127.0.0.1",
      port,
      path,
      method: "POST",
      headers: {
        "content-type": contentType,
        ...(declareLength ? { "content-length": String(FIFTY_MB) } : { "transfer-encoding": "chunked" }),
      },
    });
    let sent = 0;
    let answered = false;
    request.on("response", (response) => {
      answered = true;
      const local = request.socket?.localPort;
      const serverSide = [...serverSockets].find((socket) => socket.remotePort === local);
      const readByServer = serverSide?.bytesRead ?? Number.NaN;
      const elapsedMs = performance.now() - started;
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (text: string) => (body += text));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body, readByServer, sent, elapsedMs }));
    });
    // The server closes the connection on the rest of the upload once it has answered.
    request.on("error", (error) => (answered ? undefined : reject(error)));
    const write = () => {
      while (!answered && sent < FIFTY_MB) {
        sent += CHUNK.length;
        if (!request.write(CHUNK)) return void request.once("drain", write);
      }
      if (!answered) request.end();
    };
    request.flushHeaders();
    if (declareLength) setTimeout(write, 1000);
    else write();
  });
}

const bodies = [
  { path: "/api/login", contentType: "application/json", limit: API_BODY_LIMIT },
  { path: "/api/contact", contentType: "application/json; charset=utf-8", limit: API_BODY_LIMIT },
  { path: "/api/payments/webhook", contentType: "application/json", limit: WEBHOOK_BODY_LIMIT },
  { path: "/api/texts/inbound", contentType: "application/x-www-form-urlencoded", limit: 32 * 1024 },
];

describe.each(bodies)("a 50 MB body to $path", ({ path, contentType, limit }) => {
  it("with a declared length over the limit is refused with 413 at once, before a byte of it is read", async () => {
    const answer = await postHuge(path, contentType, true);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ message: "The request body is too large." });
    expect(answer.sent).toBe(0);
    expect(answer.elapsedMs).toBeLessThan(900);
    expect(answer.readByServer).toBeLessThan(4096);
  });

  it("streamed without a length is refused with 413 once it passes the limit, having read no more than about it", async () => {
    const answer = await postHuge(path, contentType, false);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ message: "The request body is too large." });
    expect(answer.readByServer).toBeGreaterThan(limit);
    expect(answer.readByServer).toBeLessThan(limit + SLACK);
    expect(answer.sent).toBeLessThan(FIFTY_MB);
  });
});
