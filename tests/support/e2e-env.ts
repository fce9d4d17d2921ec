import os from "node:os";
import path from "node:path";
import { shopInstant, shopToday } from "../../app/lib/shop-time";

/** Shared by the Playwright config, its server and the specs. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_ADMIN = { username: "owner", password: "e2e-owner-password" };
/** The e2e server's data folder (it starts empty each run), so a spec can reach the database behind it. */
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `barber-e2e-${E2E_PORT}`);

/**
 * The instant the e2e server's shop clock starts at (TEST_CLOCK_START, decision 026): 10:00 in the shop on the
 * real day of the run, so a spec about "later today" finds opening hours left at any hour, while dates stay the
 * real ones the specs compute. Set once by the Playwright runner; its workers and server inherit it.
 */
export const E2E_CLOCK_START = (process.env.E2E_CLOCK_START ??= shopInstant(shopToday(), "10:00").toISOString());

/**
 * The shop's today on the e2e server's clock (the day E2E_CLOCK_START falls on), not the machine's: a run
 * that goes past midnight keeps the one day its server has (a spec's "yesterday" is the server's too).
 */
export const e2eToday = () => shopToday(new Date(E2E_CLOCK_START));
