import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, it } from "vitest";
import { repositoryRoot } from "../tests/support/run-script";
import { startSmtpSink, type SmtpSink } from "../tests/support/smtp-sink";
import { createTestDatabase, type TestDatabase } from "../tests/support/test-app";

/*
 * The server as an operator runs it: a real child process in production mode, stopped by SIGTERM as a
 * container runtime or systemd stops it, its output read as a log system reads it.
 */

const ADMIN_PASSWORD = "lifecycle-admin-password";
const VISITOR_EMAIL = "slow.sender@example.com";
const MANAGE_TOKEN = "Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5";

let child: ChildProcess | undefined;
let smtp: SmtpSink | undefined;
let database: TestDatabase | undefined;
let dataDir: string | undefined;
afterEach(async () => {
  if (child?.exitCode === null) child.kill("SIGKILL");
  await smtp?.close();
  await database?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function freePort() {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", () => resolve()));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const connects = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });

async function startServer(env: Record<string, string>) {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "barber-lifecycle-"));
  if (process.env.TEST_DATABASE_URL) database = await createTestDatabase();
  const port = await freePort();
  const output = { stdout: "", stderr: "" };
  const serverEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: database?.url ?? "",
    ADMIN_PASSWORD,
    SEED_DEMO_CONTENT: "false",
    ...env,
  };
  delete serverEnv.LOG_FORMAT;
  child = spawn(
    path.join(repositoryRoot, "node_modules/.bin/tsx"),
    [
      "--tsconfig",
      path.join(repositoryRoot, "tsconfig.json"),
      path.join(repositoryRoot, "tests/support/api-server.ts"),
    ],
    { cwd: repositoryRoot, env: serverEnv, stdio: ["ignore", "pipe", "pipe"] },
  );
  child.stdout!.on("data", (chunk: Buffer) => (output.stdout += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output.stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
    child!.once("exit", (code) => resolve({ code, at: Date.now() })),
  );
  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 60_000; ;) {
    if (child.exitCode !== null) throw new Error(`The server exited at start:\n${output.stdout}${output.stderr}`);
    const answer = await fetch(`${url}/healthz`).catch(() => null);
    if (answer?.ok) break;
    if (Date.now() > deadline) throw new Error(`The server did not answer:\n${output.stdout}${output.stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, port, output, exited };
}

// A start compiles the server with tsx: up to a minute on a loaded machine, hence the longer timeouts.
it("on SIGTERM refuses new connections, finishes the request in flight, then exits within 10 s; every log line is JSON without secrets", async () => {
  let mailArrived!: () => void;
  const mailInHand = new Promise<void>((resolve) => (mailArrived = resolve));
  let answerMail!: () => void;
  const mailAnswered = new Promise<void>((resolve) => (answerMail = resolve));
  smtp = await startSmtpSink({
    beforeAnswer: () => {
      mailArrived();
      return mailAnswered;
    },
  });
  const server = await startServer({ SMTP_URL: smtp.url, SHOP_EMAIL: "shop@example.com" });

  expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
  const login = await fetch(`${server.url}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "admin", password: ADMIN_PASSWORD }),
  });
  expect(login.status).toBe(200);
  await fetch(`${server.url}/api/bookings/manage/${MANAGE_TOKEN}?email=${VISITOR_EMAIL}`);
  await fetch(`${server.url}/admin/customers/${encodeURIComponent(VISITOR_EMAIL)}`);

  // The contact form mails the shop before it answers: held at the SMTP server, the request stays in flight.
  const contact = fetch(`${server.url}/api/contact`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      name: "Slow Sender",
      email: VISITOR_EMAIL,
      phone: "07700 900123",
      message: "Is there parking near the shop?",
    }),
  });
  await mailInHand;
  const signalledAt = Date.now();
  child!.kill("SIGTERM");
  await expect.poll(() => connects(server.port), { timeout: 5_000 }).toBe(false);
  answerMail();

  const answer = await contact;
  expect(answer.status).toBe(201);
  expect((await answer.json()).status).toBe("sent");
  const exit = await server.exited;
  const output = `${server.output.stdout}${server.output.stderr}`;
  expect(exit.code, output).toBe(0);
  expect(exit.at - signalledAt, output).toBeLessThan(10_000);
  expect(server.output.stdout.trimEnd().split("\n").at(-1), output).toContain('"msg":"Stopped."');

  const lines = output.split("\n").filter(Boolean);
  const entries = lines.map((line) => {
    expect(() => JSON.parse(line), line).not.toThrow();
    return JSON.parse(line) as Record<string, unknown>;
  });
  const requests = entries.filter((entry) => entry.msg === "request");
  expect(requests.find((entry) => entry.path === "/api/contact")).toMatchObject({
    requestId: answer.headers.get("x-request-id"),
    method: "POST",
    status: 201,
    durationMs: expect.any(Number),
    time: expect.any(String),
  });
  expect(requests.map((entry) => entry.path)).toEqual(
    expect.arrayContaining(["/readyz", "/api/login", "/api/bookings/manage/***", "/admin/customers/***"]),
  );
  const log = lines.join("\n");
  for (const secret of [ADMIN_PASSWORD, MANAGE_TOKEN, VISITOR_EMAIL, encodeURIComponent(VISITOR_EMAIL)]) {
    expect(log).not.toContain(secret);
  }
}, 120_000);

/** A raw connection to the server: writes what it is given and collects everything the server sends until it closes. */
function rawConnection(port: number) {
  const socket = net.connect(port, "127.0.0.1");
  let received = "";
  let failure: Error | undefined;
  socket.setEncoding("utf8");
  socket.on("data", (text: string) => (received += text));
  socket.on("error", (error) => (failure = error));
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  const connected = new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  return {
    connected,
    write: (text: string) => socket.write(text),
    /** How many answers have begun to arrive. */
    answers: () => received.split("HTTP/1.1 ").length - 1,
    /** What came back once the server closed the connection, or the error the client saw. */
    outcome: async () => {
      await closed;
      return failure ? `error: ${(failure as NodeJS.ErrnoException).code ?? failure.message}` : received;
    },
  };
}

it("on SIGTERM answers every request on the connections it had accepted: in use, half sent, not sent yet", async () => {
  const server = await startServer({});
  const request = "GET /api/services HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: application/json\r\n\r\n";
  const half = request.length >> 1;
  // Kept alive after an answer, as a browser or a client's pool keeps it, then used again after the signal.
  const reused = Array.from({ length: 4 }, () => rawConnection(server.port));
  const halfSent = Array.from({ length: 4 }, () => rawConnection(server.port));
  const notSent = Array.from({ length: 5 }, () => rawConnection(server.port));
  const all = [...reused, ...halfSent, ...notSent];
  await Promise.all(all.map((connection) => connection.connected));
  for (const connection of reused) connection.write(request);
  for (const connection of halfSent) connection.write(request.slice(0, half));
  await expect.poll(() => reused.every((connection) => connection.answers() === 1)).toBe(true);

  const signalledAt = Date.now();
  child!.kill("SIGTERM");
  await expect.poll(() => connects(server.port), { timeout: 5_000, interval: 20 }).toBe(false);
  // Past the moment a server that closes idle connections at the signal has closed these.
  await new Promise((resolve) => setTimeout(resolve, 300));
  for (const connection of reused) connection.write(request);
  for (const connection of halfSent) connection.write(request.slice(half));
  for (const connection of notSent) connection.write(request);

  const outcomes = await Promise.all(all.map((connection) => connection.outcome()));
  for (const [index, outcome] of outcomes.entries()) {
    const answers = outcome.split("HTTP/1.1 ").slice(1);
    expect(answers.length, `connection ${index}: ${outcome.slice(0, 200)}`).toBe(index < reused.length ? 2 : 1);
    for (const answer of answers) expect(answer.startsWith("200 OK")).toBe(true);
    // The answer after the signal says the connection ends with it.
    expect(answers.at(-1)!.toLowerCase()).toContain("connection: close");
  }
  const exit = await server.exited;
  const output = `${server.output.stdout}${server.output.stderr}`;
  expect(exit.code, output).toBe(0);
  expect(exit.at - signalledAt, output).toBeLessThan(10_000);
}, 120_000);

it("prints the generated admin password at first start as readable log lines, not as one escaped string", async () => {
  const server = await startServer({ ADMIN_PASSWORD: "" });
  const entries = server.output.stdout
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { msg: string });
  const messages = entries.map((entry) => entry.msg);
  const password = messages.map((message) => /^password: (\S+)$/.exec(message)?.[1]).find(Boolean);
  expect(password, messages.join("\n")).toBeDefined();
  expect(messages).toContain("username: admin");
  expect(messages).toContain("This password is shown only once.");
  for (const message of messages) expect(message).not.toMatch(/[\n║═]/);
  const login = await fetch(`${server.url}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "admin", password }),
  });
  expect(login.status).toBe(200);
}, 120_000);
