import os from "node:os";
import path from "node:path";
import { test } from "@playwright/test";
import { shopInstant, shopToday } from "../../app/lib/shop-time";

/** Shared by the Playwright config, its servers and the specs. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);
export const E2E_ADMIN = { username: "owner", password: "e2e-owner-password" };

export interface E2eServer {
  port: number;
  baseURL: string;
  /** Its data folder (emptied at start), so a spec can reach the database and the mails behind it. */
  dataDir: string;
  /**
   * Where its loopback Stripe double listens, when a spec drives the double's test helpers itself (a card tapped
   * on a simulated reader); absent, the double takes any free port.
   */
  stripePort?: number;
}

const e2eServer = (
  port: number,
  dataDir = path.join(os.tmpdir(), `barber-e2e-${port}`),
  stripePort?: number,
): E2eServer => ({
  port,
  baseURL: `http://127.0.0.1:${port}`,
  dataDir,
  ...(stripePort === undefined ? {} : { stripePort }),
});

/**
 * The run's servers: the same build, each on a database of its own. Most specs share the first; the two
 * specs that change what every page of the shop says or asks (the payments spec turns a deposit policy on,
 * the settings spec changes the phone number, the hours and the closures) each have one of their own, so
 * no other spec ever runs under their changes (decision 047).
 */
export const E2E_SERVERS = {
  shared: e2eServer(E2E_PORT, process.env.E2E_DATA_DIR),
  // Its Stripe double on the port after it: the till's spec taps cards on its simulated reader.
  payments: e2eServer(E2E_PORT + 1, undefined, E2E_PORT + 2),
  settings: e2eServer(E2E_PORT + 1000),
} as const;

export const E2E_BASE_URL = E2E_SERVERS.shared.baseURL;

/** The server the running test talks to: the one its project's baseURL names. */
function currentServer(): E2eServer {
  const { baseURL } = test.info().project.use;
  const server = Object.values(E2E_SERVERS).find((candidate) => candidate.baseURL === baseURL);
  if (!server) throw new Error(`No e2e server of this run answers at ${baseURL}`);
  return server;
}

/** The data folder of the server the running test talks to. */
export const e2eDataDir = () => currentServer().dataDir;

/** The Stripe double's address behind the server the running test talks to (its own port: the payments server). */
export function e2eStripeUrl() {
  const { stripePort } = currentServer();
  if (stripePort === undefined) throw new Error("This test's server has no Stripe double at a known port");
  return `http://127.0.0.1:${stripePort}`;
}

/**
 * The instant the e2e server's shop clock starts at (TEST_CLOCK_START, decision 026): 10:00 in the shop on the
 * real day of the run, so a spec about "later today" finds opening hours left at any hour, while dates stay the
 * real ones the specs compute. Set once by the Playwright runner; its workers and servers inherit it.
 */
export const E2E_CLOCK_START = (process.env.E2E_CLOCK_START ??= shopInstant(shopToday(), "10:00").toISOString());

/**
 * The shop's today on the e2e server's clock (the day E2E_CLOCK_START falls on), not the machine's: a run
 * that goes past midnight keeps the one day its server has (a spec's "yesterday" is the server's too).
 */
export const e2eToday = () => shopToday(new Date(E2E_CLOCK_START));
