import os from "node:os";
import path from "node:path";

/** Shared by the Playwright config, its server and the specs. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_ADMIN = { username: "owner", password: "e2e-owner-password" };
/** The e2e server's data folder (it starts empty each run), so a spec can reach the database behind it. */
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `barber-e2e-${E2E_PORT}`);
