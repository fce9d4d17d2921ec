import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reminderKey } from "~/features/booking/booking-jobs.server";
import { findJob } from "~/features/jobs/jobs.server";
import { dayOfWeek } from "~/features/settings/opening-hours";
import type { TeamMember } from "~/features/team/team.schema";
import { startClockAt } from "~/lib/clock";
import { addDays, shopToday } from "~/lib/shop-time";
import { expectDocumented } from "../../../tests/support/api-contract";
import { addService, bookAppointment } from "../../../tests/support/bookings";
import { startSmtpSink, type SmtpSink } from "../../../tests/support/smtp-sink";
import { TestClient, startTestApi, type TestApi } from "../../../tests/support/test-app";
import {
  NOT_SIGNED_IN_MESSAGE,
  SIGN_IN_EMAIL_MESSAGE,
  SIGN_IN_LINK_GONE_MESSAGE,
  SIGN_IN_SENT_MESSAGE,
  type Account,
} from "./account.schema";
import { createSignInLink } from "./account.server";

const PUBLIC_URL = "http://barbers.test";
const today = shopToday();

let sink: SmtpSink;
let api: TestApi;
let admin: TestClient;
let serviceId: number;
let alex: TeamMember;

/** A weekday at least five days ahead: well outside the notice period. */
const ahead = (() => {
  let date = addDays(today, 5);
  while (dayOfWeek(date) === 0 || dayOfWeek(date) === 1) date = addDays(date, 1);
  return date;
})();

beforeAll(async () => {
  sink = await startSmtpSink();
  api = await startTestApi({ env: { PUBLIC_URL, SMTP_URL: sink.url, BOOKING_MAX_PER_HOUR: "1000" } });
  admin = await api.admin();
  serviceId = await addService(api.db);
  const weekdays = [2, 3, 4, 5, 6].map((day) => ({ day, ranges: [{ start: "09:00", end: "17:00" }] }));
  alex = (
    await admin.post("/api/team", {
      name: "Alex",
      bio: "",
      image: null,
      serviceIds: [String(serviceId)],
      weeklyHours: weekdays,
      timeOff: [],
    })
  ).body as TeamMember;
});
afterAll(async () => {
  await api.close();
  await sink.close();
});

const LINK = /\/account\/sign-in\/([A-Za-z0-9_-]{43})/;

/** Asks for a link as the page does, runs the queue, and answers the token the mail carried. */
async function mailedToken(email: string) {
  const links = () => sink.to(email.toLowerCase()).filter((mail) => mail.subject.includes("sign-in link"));
  const before = links().length;
  const asked = await api.anonymous().post("/api/account/sign-in", { email });
  expect(asked.status).toBe(202);
  await api.runJobs();
  const mails = links();
  expect(mails).toHaveLength(before + 1);
  const text = mails.at(-1)!.leaves[0]!.body;
  expect(text).toContain(`${PUBLIC_URL}/account/sign-in/`);
  return LINK.exec(text)![1]!;
}

async function signedIn(email: string) {
  const client = new TestClient(api.baseUrl);
  const answer = await client.post(`/api/account/sign-in/${await mailedToken(email)}`);
  expect(answer.status).toBe(200);
  return client;
}

/** A customer's appointment booked through the public API, with Alex. */
async function bookWithAlex(email: string, date = ahead, startTime = "10:00") {
  const response = await api.anonymous().post("/api/bookings", {
    customerName: "Ada Lovelace",
    customerEmail: email,
    customerPhone: "07911 123456",
    notes: "",
    services: [String(serviceId)],
    date,
    startTime,
    memberId: alex.id,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  const { id } = await api.db
    .selectFrom("bookings")
    .select("id")
    .where("reference", "=", response.body.reference)
    .executeTakeFirstOrThrow();
  return { id, reference: response.body.reference as string, manageToken: response.body.manageToken as string };
}

describe("POST /api/account/sign-in", () => {
  it("answers 202 with the same message for a customer and a stranger, and mails only the customer", async () => {
    await bookAppointment(api.db, { date: addDays(today, -10), email: "Known@Example.com", serviceIds: [serviceId] });
    const known = await api.anonymous().post("/api/account/sign-in", { email: "known@example.com" });
    const stranger = await api.anonymous().post("/api/account/sign-in", { email: "stranger@example.com" });
    for (const answer of [known, stranger]) {
      expect(answer.status).toBe(202);
      expect(answer.body).toEqual({ message: SIGN_IN_SENT_MESSAGE });
      await expectDocumented(answer);
    }
    await api.runJobs();
    expect(sink.to("stranger@example.com")).toHaveLength(0);
    const [mail] = sink.to("known@example.com");
    expect(mail!.subject).toContain("sign-in link");
    expect(mail!.leaves[0]!.body).toMatch(LINK);
  });

  it("mails a link to an address that only sent a contact message", async () => {
    await api.db
      .insertInto("contact_submissions")
      .values({
        name: "Grace",
        email: "grace@example.com",
        phone: "",
        message: "Hello",
        status: "sent",
        error: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    expect(await mailedToken("grace@example.com")).toHaveLength(43);
  });

  it("refuses a malformed address with 400", async () => {
    for (const email of ["not-an-address", "", 42]) {
      const answer = await api.anonymous().post("/api/account/sign-in", { email });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(SIGN_IN_EMAIL_MESSAGE);
    }
  });

  it("is rate-limited per address and per client address", async () => {
    for (let i = 0; i < 5; i++) {
      expect((await api.anonymous().post("/api/account/sign-in", { email: "flood@example.com" })).status).toBe(202);
    }
    const limited = await api.anonymous().post("/api/account/sign-in", { email: "FLOOD@example.com" });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/Too many sign-in links/);
    // Many addresses from one client: the client's own limit.
    let status = 202;
    for (let i = 0; i < 25 && status === 202; i++) {
      status = (await api.anonymous().post("/api/account/sign-in", { email: `many${i}@example.com` })).status;
    }
    expect(status).toBe(429);
    await api.db.deleteFrom("rate_limit_events").execute();
  });
});

describe("POST /api/account/sign-in/{token}", () => {
  it("signs in once with a customer cookie; the same link again answers 410", async () => {
    await bookAppointment(api.db, { date: addDays(today, -20), email: "once@example.com", serviceIds: [serviceId] });
    const token = await mailedToken("once@example.com");
    const client = new TestClient(api.baseUrl);
    const used = await client.post(`/api/account/sign-in/${token}`);
    expect(used.status).toBe(200);
    await expectDocumented(used);
    expect(used.body.email).toBe("once@example.com");
    const cookie = used.headers.get("set-cookie")!;
    expect(cookie).toMatch(/^customer_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    const days = (Date.parse(/Expires=([^;]+)/.exec(cookie)![1]!) - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(30);
    expect((await client.get("/api/account")).status).toBe(200);

    const again = await api.anonymous().post(`/api/account/sign-in/${token}`);
    expect(again.status).toBe(410);
    expect(again.body).toEqual({ message: SIGN_IN_LINK_GONE_MESSAGE });
    expect(again.headers.get("set-cookie")).toBeNull();
  });

  it("keeps a link valid on real time while the shop's clock reads another hour (decision 026)", async () => {
    await bookAppointment(api.db, { date: addDays(today, -21), email: "clock@example.com", serviceIds: [serviceId] });
    // The e2e server's clock: the same day, hours behind real time.
    startClockAt(new Date(Date.now() - 9 * 60 * 60_000));
    try {
      const token = await mailedToken("clock@example.com");
      expect((await api.anonymous().post(`/api/account/sign-in/${token}`)).status).toBe(200);
    } finally {
      startClockAt(new Date());
    }
  });

  it("refuses a link past its 15 minutes, and a made-up one", async () => {
    const late = await createSignInLink(api.db, "once@example.com", new Date(Date.now() - 16 * 60_000));
    const answer = await api.anonymous().post(`/api/account/sign-in/${late}`);
    expect(answer.status).toBe(410);
    expect(answer.body.message).toBe(SIGN_IN_LINK_GONE_MESSAGE);
    expect((await api.anonymous().post(`/api/account/sign-in/${"x".repeat(43)}`)).status).toBe(410);
    expect((await api.anonymous().post("/api/account/sign-in/short")).status).toBe(410);
  });

  it("lets two requests with one link sign in only once", async () => {
    const token = await createSignInLink(api.db, "once@example.com");
    const answers = await Promise.all([1, 2, 3].map(() => api.anonymous().post(`/api/account/sign-in/${token}`)));
    expect(answers.map((answer) => answer.status).toSorted()).toEqual([200, 410, 410]);
  });
});

describe("GET /api/account", () => {
  it("answers 401 without a customer session, and to an admin's session", async () => {
    for (const client of [api.anonymous(), admin]) {
      const answer = await client.get("/api/account");
      expect(answer.status).toBe(401);
      expect(answer.body.message).toBe(NOT_SIGNED_IN_MESSAGE);
    }
  });

  it("lists upcoming bookings first (soonest first), then past ones (latest first)", async () => {
    const email = "regular@example.com";
    await bookAppointment(api.db, { date: addDays(today, -30), email, serviceIds: [serviceId], name: "Old Name" });
    await bookAppointment(api.db, { date: addDays(today, -2), email, serviceIds: [serviceId] });
    const later = await bookWithAlex(email, addDays(ahead, 7));
    const sooner = await bookWithAlex(email, ahead);
    const client = await signedIn("Regular@Example.com");
    const answer = await client.get<Account>("/api/account");
    expect(answer.status).toBe(200);
    await expectDocumented(answer);
    // The customer row's phone, in E.164 (decision 041).
    expect(answer.body).toMatchObject({ email, name: "Ada Lovelace", phone: "+447911123456" });
    expect(answer.body.bookings.map((booking) => booking.date)).toEqual([
      ahead,
      addDays(ahead, 7),
      addDays(today, -2),
      addDays(today, -30),
    ]);
    const [first] = answer.body.bookings;
    expect(first).toMatchObject({
      reference: sooner.reference,
      startTime: "10:00",
      endTime: "10:30",
      status: "confirmed",
      services: ["Skin Fade"],
      memberName: "Alex",
      past: false,
      canCancel: true,
      canReschedule: true,
      bookAgain: `/bookings?service=${serviceId}&barber=${alex.id}#choose-date`,
    });
    expect(answer.body.bookings[1]!.reference).toBe(later.reference);
    expect(answer.body.bookings[2]).toMatchObject({
      past: true,
      canCancel: false,
      bookAgain: `/bookings?service=${serviceId}#choose-date`,
    });
  });
});

describe("the customer's cookie", () => {
  it("is refused by every admin call", async () => {
    await bookAppointment(api.db, { date: addDays(today, -3), email: "sneaky@example.com", serviceIds: [serviceId] });
    const customer = await signedIn("sneaky@example.com");
    expect((await customer.get("/api/user")).status).toBe(401);
    expect((await customer.get("/api/customers")).status).toBe(401);
    expect((await customer.get("/api/booking-slots?admin=true")).status).toBe(401);
    expect((await customer.get("/api/customers/sneaky%40example.com/export")).status).toBe(401);
    expect((await customer.post("/api/services", { title: "Free cut" })).status).toBe(401);
    expect((await customer.get("/admin/customers")).status).not.toBe(200);
  });
});

describe("changing a booking from the page", () => {
  it("cancels and moves the customer's own bookings with the private link's rules, and nobody else's", async () => {
    const mine = await bookWithAlex("mover@example.com", ahead, "11:00");
    const toMove = await bookWithAlex("mover@example.com", ahead, "13:00");
    const theirs = await bookWithAlex("someone-else@example.com", ahead, "12:00");
    const client = await signedIn("mover@example.com");

    expect((await client.post(`/api/account/bookings/${theirs.reference}/cancel`)).status).toBe(404);
    const cancelled = await client.post(`/api/account/bookings/${mine.reference}/cancel`);
    expect(cancelled.status).toBe(200);
    await expectDocumented(cancelled);
    expect(cancelled.body).toMatchObject({ reference: mine.reference, status: "cancelled", cancelledBy: "customer" });
    const twice = await client.post(`/api/account/bookings/${mine.reference}/cancel`);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe("This booking has already been cancelled.");

    const moved = await client.post(`/api/account/bookings/${toMove.reference}/reschedule`, {
      date: ahead,
      startTime: "15:00",
      memberId: alex.id,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({ reference: toMove.reference, startTime: "15:00", memberName: "Alex" });
    await api.runJobs();
    const movedMail = sink.to("mover@example.com").find((mail) => mail.subject.includes("has moved"))!;
    // Moved from the page, the mail still carries the booking's private link: the booking keeps it sealed.
    expect(movedMail.leaves[0]!.body).toContain(
      `use your private link: ${PUBLIC_URL}/bookings/manage/${toMove.manageToken}`,
    );
    expect((await api.anonymous().post(`/api/account/bookings/${toMove.reference}/cancel`)).status).toBe(401);
  });
});

describe("export, erasure and signing out", () => {
  it("exports the same JSON as the owner's export", async () => {
    await bookAppointment(api.db, { date: addDays(today, -5), email: "export@example.com", serviceIds: [serviceId] });
    const client = await signedIn("export@example.com");
    const mine = await client.get("/api/account/export");
    expect(mine.status).toBe(200);
    expect(mine.headers.get("content-disposition")).toMatch(/attachment/);
    const owners = await admin.get("/api/customers/export%40example.com/export");
    const withoutTime = (text: string) => ({ ...JSON.parse(text), exportedAt: undefined });
    expect(withoutTime(mine.text)).toEqual(withoutTime(owners.text));
    expect((await api.anonymous().get("/api/account/export")).status).toBe(401);
  });

  it("erases with the owner's erasure, audited, and ends every session of the address", async () => {
    await bookAppointment(api.db, { date: addDays(today, -6), email: "leaver@example.com", serviceIds: [serviceId] });
    const upcoming = await bookWithAlex("leaver@example.com", ahead, "16:00");
    const client = await signedIn("leaver@example.com");
    const other = await signedIn("leaver@example.com");
    const erased = await client.delete("/api/account");
    expect(erased.status).toBe(200);
    await expectDocumented(erased);
    expect(erased.body).toEqual({ cancelledBookings: 1, erasedBookings: 2, erasedMessages: 0 });
    const left = await api.db
      .selectFrom("bookings")
      .select(["customer_email", "status"])
      .where("reference", "=", upcoming.reference)
      .executeTakeFirstOrThrow();
    expect(left).toEqual({ customer_email: "", status: "cancelled" });
    const audit = await api.db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "erase customer (by the customer)")
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.target_id).not.toContain("leaver");
    expect((await client.get("/api/account")).status).toBe(401);
    expect((await other.get("/api/account")).status).toBe(401);
  });

  it("signs out: the session ends on the server, not only in the browser", async () => {
    await bookAppointment(api.db, { date: addDays(today, -7), email: "bye@example.com", serviceIds: [serviceId] });
    const client = await signedIn("bye@example.com");
    const cookie = (
      await api.db.selectFrom("customer_sessions").select("id").where("email", "=", "bye@example.com").execute()
    ).length;
    expect(cookie).toBe(1);
    const out = await client.post("/api/account/sign-out");
    expect(out.status).toBe(204);
    expect(out.headers.get("set-cookie")).toMatch(/^customer_session=;/);
    expect(
      await api.db.selectFrom("customer_sessions").select("id").where("email", "=", "bye@example.com").execute(),
    ).toEqual([]);
  });
});

describe("the booking mails", () => {
  it("link to the customer's page, and the reminder offers the next visit with the same services and barber", async () => {
    const booked = await bookWithAlex("mailed@example.com", ahead, "09:00");
    await api.runJobs();
    const confirmation = sink.to("mailed@example.com").find((mail) => mail.subject.includes(booked.reference))!;
    expect(confirmation.leaves[0]!.body).toContain(`on your page: ${PUBLIC_URL}/account`);

    const reminderAt = Date.parse((await findJob(api.db, reminderKey(booked.id)))!.run_at);
    await api.runJobs({ now: () => new Date(reminderAt) });
    const reminder = sink.to("mailed@example.com").find((mail) => mail.subject.startsWith("Reminder"))!;
    expect(reminder.leaves[0]!.body).toContain(
      `Book your next visit: ${PUBLIC_URL}/bookings?service=${serviceId}&barber=${alex.id}#choose-date`,
    );
  });
});
