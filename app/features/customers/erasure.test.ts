import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminSlot } from "~/features/booking/booking-answers.schema";
import { addDays, shopToday } from "~/lib/shop-time";
import { addService, bookAppointment } from "../../../tests/support/bookings";
import { findTextAnywhere } from "../../../tests/support/find-text";
import { startSmtpSink, type SmtpSink } from "../../../tests/support/smtp-sink";
import { startTestApi, type TestApi, type TestClient } from "../../../tests/support/test-app";
import { applyRetention, monthsBefore } from "./retention.server";
import { shopReads } from "../../../server/request-context";

/*
 * Erasure leaves nothing of the customer anywhere in the database: not in the bookings and messages
 * it replaces, nor in mail errors, job errors and queued mails (issue 19, finding 4).
 */

const BOUNCING = "bea.bouncer@example.test";
const OLD_BOUNCING = "olly.oldbounce@example.test";
const STAYING = "stan.stays@example.test";

const today = shopToday();
const nextYear = Number(today.slice(0, 4)) + 1;
const HOUR_MS = 3_600_000;

let sink: SmtpSink;
let api: TestApi;
let admin: TestClient;
let serviceId: number;

beforeAll(async () => {
  sink = await startSmtpSink({ refuse: [BOUNCING, OLD_BOUNCING] });
  api = await startTestApi({ env: { SMTP_URL: sink.url, SHOP_EMAIL: "shop@example.test" } });
  admin = await api.admin();
  serviceId = await addService(api.db);
});
afterAll(async () => {
  await api.close();
  await sink.close();
});

/** Runs the queue with a clock moved on hour by hour, until every retry of a refused mail has been made. */
async function runJobsToTheEnd() {
  for (let hour = 0; hour <= 6; hour++) await api.runJobs({ now: () => new Date(Date.now() + hour * HOUR_MS) });
}

describe("erasure leaves nothing behind", () => {
  it("erases a customer whose mails bounced from every text column of every table", async () => {
    const bea = { email: BOUNCING, name: "Bea Bouncer", phone: "07700 900123", serviceIds: [serviceId] };
    const notes = "Left-handed, likes the sides short";
    await bookAppointment(api.db, { ...bea, date: addDays(today, -9), notes });
    await bookAppointment(api.db, { ...bea, date: `${nextYear}-03-03`, notes });
    await bookAppointment(api.db, {
      ...bea,
      email: STAYING,
      name: "Stan Stays",
      phone: "07911 654321",
      date: `${nextYear}-03-04`,
    });
    await runJobsToTheEnd();
    // Booked again after the bounces: its mails are still waiting when the erasure comes.
    await bookAppointment(api.db, { ...bea, date: `${nextYear}-03-05`, startTime: "11:00", endTime: "11:30", notes });
    await api.db
      .insertInto("contact_submissions")
      .values({
        name: bea.name,
        email: BOUNCING,
        phone: bea.phone,
        message: "Can I bring my son along?",
        status: "failed",
        error: `Mail about ${BOUNCING} failed`,
        created_at: new Date().toISOString(),
      })
      .execute();
    // As an older version stored it: the mail server's refusal, address and all.
    await api.db
      .insertInto("jobs")
      .values({
        kind: "booking-mail",
        payload: "{}",
        state: "failed",
        run_at: new Date().toISOString(),
        max_attempts: 5,
        last_error: `Can't send mail - all recipients were rejected: 550 <${BOUNCING}>: mailbox unavailable`,
        created_at: new Date().toISOString(),
        finished_at: new Date().toISOString(),
      })
      .execute();
    // Waiting for a time on a full day, too.
    const waiting = await api.anonymous().post("/api/waitlist", {
      customerName: bea.name,
      customerEmail: BOUNCING,
      customerPhone: bea.phone,
      date: addDays(today, 10),
      services: [serviceId],
    });
    expect(waiting.status, waiting.text).toBe(201);
    const needles = [BOUNCING, bea.name, "07700900123", bea.phone, notes];
    const before = await findTextAnywhere(api.db, needles);
    expect(before).toEqual(
      expect.arrayContaining([
        { table: "waitlist_entries", column: "customer_email", needle: BOUNCING },
        { table: "bookings", column: "mail_error", needle: BOUNCING },
        { table: "jobs", column: "last_error", needle: BOUNCING },
      ]),
    );
    // Jobs carry ids (decision 043): none of the queued mails, reminders or texts holds anything of hers.
    expect(before.filter(({ column }) => column === "payload")).toEqual([]);

    const erased = await admin.delete(`/api/customers/${encodeURIComponent(BOUNCING)}`);
    expect(erased.body).toEqual({ cancelledBookings: 2, erasedBookings: 3, erasedMessages: 1 });
    // Nothing waits to be sent to her, and nothing queued holds anything of hers.
    expect(await findTextAnywhere(api.db, needles)).toEqual([]);
    await runJobsToTheEnd();

    expect(await findTextAnywhere(api.db, needles)).toEqual([]);
    // The search does find what is still held about someone else.
    expect(await findTextAnywhere(api.db, [STAYING])).toContainEqual({
      table: "bookings",
      column: "customer_email",
      needle: STAYING,
    });
  });

  it("lets the nightly retention leave nothing of an old booking's bounced mail either", async () => {
    const date = addDays(monthsBefore(today, 24), -3);
    await bookAppointment(api.db, { date, email: OLD_BOUNCING, name: "Olly Oldbounce", serviceIds: [serviceId] });
    await runJobsToTheEnd();
    expect(await findTextAnywhere(api.db, [OLD_BOUNCING])).toContainEqual({
      table: "bookings",
      column: "mail_error",
      needle: OLD_BOUNCING,
    });

    await applyRetention(shopReads(api.db));

    expect(await findTextAnywhere(api.db, [OLD_BOUNCING, "Olly Oldbounce"])).toEqual([]);
  });

  it("never counts erased customers together as one customer's no-shows", async () => {
    const date = addDays(today, -20);
    for (const [index, email] of ["gone.one@example.test", "gone.two@example.test"].entries()) {
      const startTime = `1${index}:00`;
      const booking = await bookAppointment(api.db, {
        date,
        startTime,
        endTime: `1${index}:30`,
        email,
        serviceIds: [serviceId],
      });
      expect((await admin.patch(`/api/bookings/${booking.id}`, { attendance: "no-show" })).status).toBe(200);
      expect((await admin.delete(`/api/customers/${encodeURIComponent(email)}`)).status).toBe(200);
    }

    const listed = (await admin.get(`/api/booking-slots?admin=true&from=${date}&to=${date}`)).body as AdminSlot[];
    expect(listed.map((slot) => [slot.customerName, slot.customerNoShows])).toEqual([
      ["[erased]", 0],
      ["[erased]", 0],
    ]);
  });
});

describe("finished jobs", () => {
  it("are deleted by the retention job 30 days after they finished; waiting ones stay", async () => {
    const now = new Date();
    const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * HOUR_MS).toISOString();
    const job = (key: string, state: "pending" | "done" | "failed", finishedAt: string | null) => ({
      kind: "booking-mail",
      payload: "{}",
      unique_key: key,
      state,
      run_at: daysAgo(40),
      max_attempts: 5,
      created_at: daysAgo(40),
      finished_at: finishedAt,
    });
    await api.db
      .insertInto("jobs")
      .values([
        job("prune:done-31", "done", daysAgo(31)),
        job("prune:failed-31", "failed", daysAgo(31)),
        job("prune:done-29", "done", daysAgo(29)),
        job("prune:pending", "pending", null),
      ])
      .execute();

    expect((await applyRetention(shopReads(api.db), now)).prunedJobs).toBe(2);

    const left = await api.db.selectFrom("jobs").select("unique_key").where("unique_key", "like", "prune:%").execute();
    expect(left.map((row) => row.unique_key).sort()).toEqual(["prune:done-29", "prune:pending"]);
  });
});
