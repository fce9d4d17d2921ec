import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import { afterEach, expect, test } from "vitest";
import { migrateToLatest, openDatabase, type Db } from "../client.server";
import { down, up } from "./022-messages-by-id";

let dir: string | undefined;
let db: Db | undefined;

afterEach(async () => {
  await db?.destroy();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const legacyJob = (kind: string, payload: object) => ({
  kind,
  payload: JSON.stringify(payload),
  state: "pending" as const,
  run_at: new Date().toISOString(),
  max_attempts: 5,
  created_at: new Date().toISOString(),
});

test("jobs queued before 022 lose their tokens and personal data, and keep what their handlers need", async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "barber-022-"));
  db = openDatabase({ kind: "sqlite", file: path.join(dir, "barber.sqlite") });
  await migrateToLatest(db);
  await down(db as unknown as Kysely<unknown>);
  const booking = { reference: "OB-1", customerName: "Ann Old", customerEmail: "ann@example.test", sequence: 2 };
  await db
    .insertInto("jobs")
    .values([
      legacyJob("booking-mail", { bookingId: 7, mail: "confirmation", booking, token: "secret-token" }),
      legacyJob("booking-reminder", { bookingId: 7, token: "secret-token", date: "2030-01-02", startTime: "10:00" }),
      legacyJob("booking-text", {
        bookingId: 7,
        kind: "reminder",
        token: "secret-token",
        date: "2030-01-02",
        startTime: "10:00",
      }),
      legacyJob("booking-mail", {
        bookingId: 7,
        mail: "series-confirmation",
        booking,
        series: [{ status: "booked", bookingId: 7, booking, token: "secret-token" }],
      }),
      legacyJob("account-sign-in-link", { email: "ann@example.test" }),
    ])
    .execute();
  await up(db as unknown as Kysely<unknown>);
  const payloads = (await db.selectFrom("jobs").select(["kind", "payload"]).orderBy("id").execute()).map((job) => ({
    kind: job.kind,
    payload: JSON.parse(job.payload),
  }));
  expect(payloads).toEqual([
    { kind: "booking-mail", payload: { bookingId: 7, mail: "confirmation", sequence: 2 } },
    { kind: "booking-reminder", payload: { bookingId: 7, date: "2030-01-02", startTime: "10:00" } },
    { kind: "booking-text", payload: { bookingId: 7, kind: "reminder", date: "2030-01-02", startTime: "10:00" } },
    {
      kind: "booking-mail",
      payload: { bookingId: 7, mail: "series-confirmation", sequence: 2, series: [{ status: "booked", bookingId: 7 }] },
    },
  ]);
});
