import fs from "node:fs";
import path from "node:path";
import { afterEach, expect, it } from "vitest";
import { startTestApi, type TestApi } from "../tests/support/test-app";

let api: TestApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

it("answers /healthz while the process is up and /readyz when database, migrations and storage are ready", async () => {
  api = await startTestApi();
  const health = await api.anonymous().get("/healthz");
  expect(health.status).toBe(200);
  expect(health.body).toEqual({ status: "ok" });
  expect(health.headers.get("cache-control")).toBe("no-store");
  expect(health.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);

  const ready = await api.anonymous().get("/readyz");
  expect(ready.status).toBe(200);
  expect(ready.body).toEqual({
    status: "ok",
    checks: { database: "ok", migrations: "ok", storage: "ok" },
    failed: [],
  });
});

it("answers /readyz 503 naming the check that failed: a migration not applied, storage not writable", async () => {
  api = await startTestApi();
  const [latest] = await api.db
    .selectFrom("kysely_migration" as never)
    .select("name" as never)
    .orderBy("name" as never, "desc")
    .limit(1)
    .execute();
  await api.db
    .deleteFrom("kysely_migration" as never)
    .where("name" as never, "=", (latest as { name: string }).name as never)
    .execute();
  fs.writeFileSync(path.join(api.config.dataDir, "uploads"), "a file where the uploads folder should be");

  const ready = await api.anonymous().get("/readyz");
  expect(ready.status).toBe(503);
  expect(ready.body).toEqual({
    status: "unavailable",
    checks: { database: "ok", migrations: "failed", storage: "failed" },
    failed: ["migrations", "storage"],
  });
  expect(ready.text).not.toContain((latest as { name: string }).name);
});

it("answers /readyz 503 once the database is gone, while /healthz still answers", async () => {
  api = await startTestApi();
  const { db } = api;
  await db.destroy();
  const ready = await api.anonymous().get("/readyz");
  expect(ready.status).toBe(503);
  expect(ready.body.failed).toEqual(["database", "migrations"]);
  expect((await api.anonymous().get("/healthz")).status).toBe(200);
});
