#!/usr/bin/env node
// The production build on a fresh, seeded data folder for the Playwright run: SQLite by default,
// or a new PostgreSQL database (dropped on exit) when TEST_DATABASE_URL is set.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";

// Another program on the port would answer Playwright's requests instead of this build: stop and say so.
const port = Number(process.env.PORT);
const portTaken = await new Promise((resolve, reject) => {
  const probe = net.createServer();
  probe.once("error", (error) => (error.code === "EADDRINUSE" ? resolve(true) : reject(error)));
  probe.once("listening", () => probe.close(() => resolve(false)));
  probe.listen(port, "127.0.0.1");
});
if (portTaken) {
  console.error(
    `Port ${port} is already in use, so the end-to-end tests cannot start their server there. Stop what runs on it, or choose another port: E2E_PORT=4180 npx playwright test`,
  );
  process.exit(1);
}

// A known folder when Playwright names one (specs then reach the database through it), emptied first.
const dataDir = process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "barber-e2e-"));
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });
const cleanups = [() => fs.rmSync(dataDir, { recursive: true, force: true })];

if (process.env.TEST_DATABASE_URL) {
  const name = `barber_e2e_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  fs.writeFileSync(path.join(dataDir, "database-url"), process.env.DATABASE_URL);
  cleanups.push(async () => {
    const dropper = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
  });
}

// The mails the app sends land in a local SMTP double and, one JSON file each, in DATA_DIR/mails (read by
// tests/support/e2e-mail.ts): a spec follows a mailed link as a customer would.
const mailDir = path.join(dataDir, "mails");
fs.mkdirSync(mailDir);
const { startSmtpSink } = await import("./smtp-sink.ts");
const sink = await startSmtpSink({
  onMail: (mail) =>
    fs.writeFileSync(
      path.join(mailDir, `${Date.now()}-${randomBytes(4).toString("hex")}.json`),
      JSON.stringify({ to: mail.envelopeTo, subject: mail.subject, text: mail.leaves[0]?.body ?? "" }),
    ),
});
cleanups.push(() => sink.close());

// Stripe's API is a loopback double (tests/support/stripe-double.ts) with its own checkout page: its "Pay" button
// completes the session, posts the signed webhook to this server and goes back to the shop's success page.
// Keys alone change nothing: the shop's policy stays "none" unless a spec sets one (tests/e2e/payments.spec.ts, on a
// server of its own).
const { startStripeDouble, stripeDoubleEnv } = await import("./stripe-double.ts");
// At the port Playwright names for it (STRIPE_DOUBLE_PORT), when a spec drives its test helpers itself.
const stripe = await startStripeDouble({ port: Number(process.env.STRIPE_DOUBLE_PORT ?? 0) });
stripe.deliverTo(`http://127.0.0.1:${port}/api/payments/webhook`);
cleanups.push(() => stripe.close());

Object.assign(process.env, {
  ...stripeDoubleEnv(stripe),
  SMTP_URL: sink.url,
  NODE_ENV: "production",
  HOST: "127.0.0.1",
  DATA_DIR: dataDir,
  ADMIN_USERNAME: "owner",
  ADMIN_PASSWORD: "e2e-owner-password",
  // Playwright signs in and posts far more often than any visitor would.
  LOGIN_MAX_ATTEMPTS: "1000",
  LOGIN_MAX_ATTEMPTS_PER_ACCOUNT: "1000",
  CONTACT_MAX_PER_HOUR: "1000",
  CONTACT_MAX_PER_EMAIL_PER_HOUR: "1000",
  BOOKING_MAX_PER_HOUR: "1000",
  BOOKING_MAX_PER_EMAIL_PER_HOUR: "1000",
});

const bundle = path.resolve(import.meta.dirname, "../..", process.env.BUILD_DIR ?? "build", "server/index.js");
const { start } = await import(bundle);
await start({
  afterClose: async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  },
});
