/** Shared by the Playwright config, its server and the specs. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_ADMIN = { username: "owner", password: "e2e-owner-password" };
