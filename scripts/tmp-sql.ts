import type { AddressInfo } from "node:net";
import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { openMediaStorage } from "~/features/media/media-storage.server";
import { mailerFor } from "~/features/settings/mail-settings.server";
import { readConfig } from "../server/config";
import { createHttpApp } from "../server/http";
import type { Database } from "~/db/database";
import { runDueJobs } from "~/features/jobs/jobs.server";
import { jobHandlers } from "../server/jobs";
import { requestContext } from "../server/request-context";
const sqlite = new SQLite("/tmp/tp-copy.sqlite");
const timings = new Map<string, { n: number; ms: number }>();
let on = false;
const db = new Kysely<Database>({
  dialect: new SqliteDialect({ database: sqlite }),
  log: (event) => {
    if (!on) return;
    const t = timings.get(event.query.sql) ?? { n: 0, ms: 0 };
    t.n++; t.ms += event.queryDurationMillis; timings.set(event.query.sql, t);
  },
});
const config = readConfig({ NODE_ENV: "production", DATA_DIR: "/tmp", PUBLIC_URL: "http://127.0.0.1", BOOKING_MAX_PER_HOUR: "100000", BOOKING_MAX_PER_EMAIL_PER_HOUR: "100000", TRUST_PROXY: "loopback", SMTP_URL: "" });
const ctx = { db, config, storage: await openMediaStorage(config.mediaStorage), mailer: mailerFor(db, config) };
const server = createHttpApp(ctx).listen(0, "127.0.0.1");
await new Promise((r) => server.once("listening", r));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const members = (await db.selectFrom("team_members").select("id").where("name", "like", "Throughput%").execute()).map((m) => m.id);
const service = (await db.selectFrom("services").select("id").where("title", "=", "Throughput Bench Cut").executeTakeFirstOrThrow()).id;
on = true;
const n = 100;
for (let i = 0; i < n; i++) {
  const day = new Date(Date.now() + (400 + i) * 86_400_000).toISOString().slice(0, 10);
  const r = await fetch(`${base}/api/bookings`, { method: "POST", headers: { "content-type": "application/json", origin: base, "x-forwarded-for": `10.9.9.${i}` }, body: JSON.stringify({ date: day, startTime: "10:00", memberId: members[i % members.length], services: [String(service)], customerName: `Probe ${i}`, customerEmail: `probe${i}@example.com`, customerPhone: "07700900123", notes: "" }) });
  if (r.status !== 201) console.log(r.status, await r.text());
  await runDueJobs(() => requestContext(ctx), jobHandlers);
}
const rows = [...timings].sort((a, b) => b[1].ms - a[1].ms).slice(0, 15);
for (const [sql, t] of rows) console.log(`${(t.ms / n).toFixed(3)} ms/booking  ×${(t.n / n).toFixed(1)}  ${sql.slice(0, 230)}`);
server.close(); process.exit(0);
