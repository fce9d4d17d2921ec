import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { requestContext } from "../../../server/request-context";
import { dayOfWeek } from "~/features/settings/opening-hours";
import type { TeamMember } from "~/features/team/team.schema";
import { clockNow, startClockAt } from "~/lib/clock";
import { addDays, shopToday } from "~/lib/shop-time";
import { expectDocumented } from "../../../tests/support/api-contract";
import { addService } from "../../../tests/support/bookings";
import { offerPaymentAsk } from "./waitlist-offers.server";
import { startSmtpSink, type SmtpSink } from "../../../tests/support/smtp-sink";
import { startStripeDouble, stripeDoubleEnv, type StripeDouble } from "../../../tests/support/stripe-double";
import { startTestApi, type TestApi, type TestClient } from "../../../tests/support/test-app";
import {
  ALREADY_WAITING_MESSAGE,
  OFFER_CLAIMED_MESSAGE,
  OFFER_DECLINED_MESSAGE,
  OFFER_EXPIRED_MESSAGE,
  type WaitlistEntry,
} from "./waitlist.schema";

/*
 * The waitlist through the API (issue 23 §3): Alex works 10:00–10:30 on weekdays, so each day has one
 * 30-minute time (10:00), and a booking fills it.
 */

const PUBLIC_URL = "http://barbers.test";
const LINK = /\/waitlist\/([A-Za-z0-9_-]{43})/;
const MINUTE_MS = 60_000;

let sink: SmtpSink;
let stripe: StripeDouble;
let api: TestApi;
let admin: TestClient;
let serviceId: number;
let alex: TeamMember;

/** The n-th weekday (Tuesday to Saturday) at least five days ahead: each test has a day of its own. */
const workday = (() => {
  const days: string[] = [];
  let date = addDays(shopToday(), 5);
  while (days.length < 19) {
    if (dayOfWeek(date) !== 0 && dayOfWeek(date) !== 1) days.push(date);
    date = addDays(date, 1);
  }
  return (n: number) => days[n]!;
})();

beforeAll(async () => {
  sink = await startSmtpSink();
  stripe = await startStripeDouble();
  api = await startTestApi({
    env: { PUBLIC_URL, SMTP_URL: sink.url, BOOKING_MAX_PER_HOUR: "1000", ...stripeDoubleEnv(stripe) },
  });
  stripe.deliverTo(`${api.baseUrl}/api/payments/webhook`);
  admin = await api.admin();
  serviceId = await addService(api.db);
  const weekdays = [2, 3, 4, 5, 6].map((day) => ({ day, ranges: [{ start: "10:00", end: "10:30" }] }));
  const created = await admin.post("/api/team", {
    name: "Alex",
    bio: "",
    image: null,
    serviceIds: [String(serviceId)],
    weeklyHours: weekdays,
    timeOff: [],
  });
  expect(created.status, created.text).toBe(201);
  alex = created.body as TeamMember;
});
afterAll(async () => {
  await api.close();
  await sink.close();
  await stripe.close();
});
afterEach(() => startClockAt(new Date()));

const person = (name: string) => ({
  customerName: name,
  customerEmail: `${name.toLowerCase().replace(/\s+/g, ".")}@example.test`,
  customerPhone: "07911 123456",
});

async function join(name: string, date: string, extra: object = {}) {
  const answer = await api
    .anonymous()
    .post("/api/waitlist", { ...person(name), date, services: [serviceId], ...extra });
  expect(answer.status, answer.text).toBe(201);
  await expectDocumented(answer);
  return answer.body.id as number;
}

/** Books the day's one time (10:00 with Alex) through the public API; answers the manage token. */
async function bookTheDay(name: string, date: string) {
  const answer = await api.anonymous().post("/api/bookings", {
    ...person(name),
    notes: "",
    services: [String(serviceId)],
    date,
    startTime: "10:00",
    memberId: alex.id,
  });
  expect(answer.status, answer.text).toBe(201);
  return answer.body.manageToken as string;
}

async function cancel(manageToken: string) {
  const answer = await api.anonymous().post(`/api/bookings/manage/${manageToken}/cancel`);
  expect(answer.status, answer.text).toBe(200);
}

/** Runs the queue at the shop clock's "now" (moved on by startClockAt in the tests about the hold). */
const runJobs = () => api.runJobs({ now: () => clockNow() });

const offersTo = (name: string) =>
  sink.to(person(name).customerEmail).filter((mail) => mail.subject.startsWith("A time has freed up"));

function tokenOf(name: string) {
  const mail = offersTo(name).at(-1);
  expect(mail, `an offer mailed to ${name}`).toBeDefined();
  const text = mail!.leaves[0]!.body;
  expect(text).toContain(`${PUBLIC_URL}/waitlist/`);
  return LINK.exec(text)![1]!;
}

async function timesOn(date: string) {
  const answer = await api.anonymous().get(`/api/availability?date=${date}&services=${serviceId}`);
  expect(answer.status).toBe(200);
  return (answer.body as Array<{ startTime: string }>).map((time) => time.startTime);
}

/** Moves the shop's clock past the hold (30 minutes by default) and runs what fell due. */
async function afterTheHold() {
  startClockAt(new Date(clockNow().getTime() + 31 * MINUTE_MS));
  await runJobs();
}

describe("POST /api/waitlist", () => {
  it("refuses with the booking's own validation messages", async () => {
    const body = { date: workday(0), services: [], customerName: "A", customerEmail: "nope", customerPhone: "123" };
    const waitlist = await api.anonymous().post("/api/waitlist", body);
    const booking = await api.anonymous().post("/api/bookings", { ...body, startTime: "10:00" });
    expect(waitlist.status).toBe(400);
    await expectDocumented(waitlist);
    const messages = (answer: typeof waitlist, field: string) =>
      (answer.body.issues as Array<{ path: string; message: string }>).filter((issue) => issue.path === field);
    for (const field of ["services", "customerName", "customerEmail", "customerPhone"]) {
      expect(messages(waitlist, field).length, field).toBeGreaterThan(0);
      expect(messages(waitlist, field)).toEqual(messages(booking, field));
    }
    const past = await api.anonymous().post("/api/waitlist", {
      ...person("Pat Past"),
      date: addDays(shopToday(), -1),
      services: [serviceId],
    });
    expect(past.status).toBe(400);
  });

  it("keeps one entry per address and day", async () => {
    await join("Una Once", workday(0));
    const again = await api.anonymous().post("/api/waitlist", {
      ...person("Una Once"),
      customerEmail: "UNA.once@Example.test",
      date: workday(0),
      services: [serviceId],
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(ALREADY_WAITING_MESSAGE);
    await expectDocumented(again);
    await join("Una Once", workday(1));
  });

  it("mails what they joined, how an offer will reach them and how to leave, once", async () => {
    const date = workday(18);
    await join("Jo Joiner", date, { earliest: "11:00", latest: "15:00", memberId: alex.id });
    await runJobs();
    await runJobs();
    const mails = sink.to(person("Jo Joiner").customerEmail).filter((mail) => mail.subject.includes("waitlist"));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^You are on the waitlist at .+ for /);
    const text = mails[0]!.leaves[0]!.body;
    expect(text).toContain("Hello Jo Joiner,");
    expect(text).toContain("between 11:00 and 15:00 with Alex");
    expect(text).toMatch(/you will get a mail with a link, and we hold the time for you for \d+ minutes/);
    expect(text).toContain("To leave the waitlist, call us on");
    expect(mails[0]!.headers.get("message-id")).toMatch(/^<job-\d+\.waitlist-joined-mail@/);
  });
});

describe("offers", () => {
  it("offers a freed time to the first in line only, holds it, and passes it on when the hold runs out", async () => {
    const date = workday(2);
    const token = await bookTheDay("Bob Booker", date);
    await join("Fay First", date);
    await join("Sid Second", date);
    await cancel(token);
    await runJobs();

    expect(offersTo("Fay First")).toHaveLength(1);
    expect(offersTo("Sid Second")).toHaveLength(0);
    // Held for Fay: nobody else is offered or can book it.
    expect(await timesOn(date)).toEqual([]);
    const other = await api.anonymous().post("/api/bookings", {
      ...person("Nora Newcomer"),
      notes: "",
      services: [String(serviceId)],
      date,
      startTime: "10:00",
    });
    expect(other.status).toBe(409);

    const offer = await api.anonymous().get(`/api/waitlist/${tokenOf("Fay First")}`);
    expect(offer.status).toBe(200);
    await expectDocumented(offer);
    expect(offer.body).toMatchObject({ status: "offered", date, startTime: "10:00", memberName: "Alex" });

    await afterTheHold();
    expect(offersTo("Sid Second")).toHaveLength(1);
    const late = await api.anonymous().post(`/api/waitlist/${tokenOf("Fay First")}/claim`);
    expect(late.status).toBe(410);
    expect(late.body.message).toBe(OFFER_EXPIRED_MESSAGE);
    expect(await timesOn(date)).toEqual([]);

    // Nobody is left: the time goes back on offer to everyone.
    await afterTheHold();
    expect(await timesOn(date)).toEqual(["10:00"]);
    const list = (await admin.get("/api/waitlist")).body as WaitlistEntry[];
    expect(list.filter((entry) => entry.date === date).map((entry) => entry.status)).toEqual(["expired", "expired"]);
  });

  it("books the held time on a claim, once; opening the link claims nothing", async () => {
    const date = workday(3);
    const token = await bookTheDay("Bea Before", date);
    await join("Cal Claimer", date, { earliest: "09:00", latest: "12:00" });
    await cancel(token);
    await runJobs();
    const offer = tokenOf("Cal Claimer");
    for (let look = 0; look < 2; look++) expect((await api.anonymous().get(`/api/waitlist/${offer}`)).status).toBe(200);
    expect((await admin.get("/api/waitlist")).body.find((e: WaitlistEntry) => e.date === date).status).toBe("offered");

    const claimed = await api.anonymous().post(`/api/waitlist/${offer}/claim`);
    expect(claimed.status, claimed.text).toBe(201);
    await expectDocumented(claimed);
    expect(claimed.body).toMatchObject({ date, startTime: "10:00", memberName: "Alex", status: "confirmed" });
    const again = await api.anonymous().post(`/api/waitlist/${offer}/claim`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(OFFER_CLAIMED_MESSAGE);
    await runJobs();
    expect(
      sink.to(person("Cal Claimer").customerEmail).some((mail) => mail.subject.startsWith("Your appointment at")),
    ).toBe(true);
    // The hold's expiry was cancelled with the claim: later, the booking still stands.
    await afterTheHold();
    const manage = await api.anonymous().get(`/api/bookings/manage/${claimed.body.manageToken}`);
    expect(manage.body.status).toBe("confirmed");
    expect((await api.anonymous().get(`/api/waitlist/${offer}`)).body).toMatchObject({
      status: "booked",
      bookingStatus: "confirmed",
      payment: null,
    });
    // Cancelled later, the offer's link says so rather than "It's yours".
    await cancel(claimed.body.manageToken);
    expect((await api.anonymous().get(`/api/waitlist/${offer}`)).body.bookingStatus).toBe("cancelled");
  });

  it("passes a declined offer to the next in line at once; the declined link books nothing", async () => {
    const date = workday(14);
    const token = await bookTheDay("Dee Before", date);
    await join("Dan Decliner", date);
    await join("Nell Next", date);
    await cancel(token);
    await runJobs();
    const offer = tokenOf("Dan Decliner");

    const declined = await api.anonymous().post(`/api/waitlist/${offer}/decline`);
    expect(declined.status, declined.text).toBe(200);
    await expectDocumented(declined);
    expect(declined.body).toMatchObject({ status: "declined", message: OFFER_DECLINED_MESSAGE });
    await runJobs();
    expect(offersTo("Nell Next")).toHaveLength(1);
    for (const call of ["claim", "decline"]) {
      const late = await api.anonymous().post(`/api/waitlist/${offer}/${call}`);
      expect(late.status).toBe(410);
      expect(late.body.message).toBe(OFFER_DECLINED_MESSAGE);
    }

    // Nell claims: a decline after that is refused, and the booking stands.
    const next = tokenOf("Nell Next");
    expect((await api.anonymous().post(`/api/waitlist/${next}/claim`)).status).toBe(201);
    const after = await api.anonymous().post(`/api/waitlist/${next}/decline`);
    expect(after.status).toBe(409);
    expect(after.body.message).toBe(OFFER_CLAIMED_MESSAGE);
    const list = (await admin.get("/api/waitlist")).body as WaitlistEntry[];
    expect(list.filter((entry) => entry.date === date).map((entry) => entry.status)).toEqual(["declined", "booked"]);
  });

  it("offers the time a booking moved away from", async () => {
    const date = workday(8);
    const token = await bookTheDay("Mo Mover", date);
    await join("Tia Taker", date);
    const moved = await api.anonymous().post(`/api/bookings/manage/${token}/reschedule`, {
      date: workday(9),
      startTime: "10:00",
      memberId: alex.id,
    });
    expect(moved.status, moved.text).toBe(200);
    await runJobs();
    expect(offersTo("Tia Taker")).toHaveLength(1);
  });

  it("offers nothing outside the entry's own window", async () => {
    const date = workday(4);
    const token = await bookTheDay("Wes Window", date);
    await join("Ivy Evening", date, { earliest: "15:00" });
    await cancel(token);
    await runJobs();
    expect(offersTo("Ivy Evening")).toHaveLength(0);
    expect(await timesOn(date)).toEqual(["10:00"]);
  });
});

describe("a claim where the shop asks a deposit", () => {
  /** The deposit policy for the test's length; the settings are put back after. */
  async function withDeposit(test: () => Promise<void>) {
    const settings = (await admin.get("/api/settings")).body;
    const payments = { deposit: 10, noShowFee: 0, askFrom: "everyone", holdMinutes: 15 };
    expect(
      (await admin.put("/api/settings", { ...settings, payments: { ...payments, policy: "deposit" } })).status,
    ).toBe(200);
    try {
      await test();
    } finally {
      await admin.put("/api/settings", { ...settings, payments: { ...payments, policy: "none" } });
    }
  }

  /** The first name's offer of the day's one time, made while the shop asks nothing (the booking is cancelled). */
  async function offerOn(date: string, names: string[]) {
    const token = await bookTheDay(`${names[0]} Before`, date);
    for (const name of names) await join(name, date);
    await cancel(token);
    await runJobs();
    return tokenOf(names[0]!);
  }

  it("asks the deposit at Checkout, and the paid claim is confirmed", async () => {
    const offer = await offerOn(workday(16), ["Pia Payer"]);
    expect(await offerPaymentAsk(requestContext(api.ctx), offer)).toBeNull();
    await withDeposit(async () => {
      // The offer's page says the deposit before Claim sends the customer to Checkout.
      expect(await offerPaymentAsk(requestContext(api.ctx), offer)).toEqual({
        kind: "deposit",
        amountPence: 1000,
        noticeHours: 24,
      });
      const claimed = await api.anonymous().post(`/api/waitlist/${offer}/claim`);
      expect(claimed.status, claimed.text).toBe(201);
      await expectDocumented(claimed);
      expect(claimed.body).toMatchObject({ status: "awaiting_payment", payment: { kind: "deposit", amount: 10 } });
      expect(claimed.body.payment.checkoutUrl).toMatch(/^http/);
      const shown = await api.anonymous().get(`/api/waitlist/${offer}`);
      await expectDocumented(shown);
      expect(shown.body).toMatchObject({
        status: "booked",
        bookingStatus: "awaiting_payment",
        payment: { status: "awaiting", amount: 10 },
      });

      await stripe.pay(stripe.sessionOf(claimed.body.reference)!.id);
      await runJobs();
      const manage = await api.anonymous().get(`/api/bookings/manage/${claimed.body.manageToken}`);
      expect(manage.body).toMatchObject({ status: "confirmed", payment: { status: "paid" } });
      expect((await api.anonymous().get(`/api/waitlist/${offer}`)).body.payment).toMatchObject({ status: "paid" });
    });
  });

  it("passes an unpaid claim's time to the next in line when its payment hold ends", async () => {
    const offer = await offerOn(workday(17), ["Ugo Unpaid", "Nia Next"]);
    await withDeposit(async () => {
      expect((await api.anonymous().post(`/api/waitlist/${offer}/claim`)).status).toBe(201);
      expect(offersTo("Nia Next")).toHaveLength(0);
      startClockAt(new Date(clockNow().getTime() + 16 * MINUTE_MS));
      await runJobs();
      expect(offersTo("Nia Next")).toHaveLength(1);
      expect((await api.anonymous().get(`/api/waitlist/${offer}`)).body).toMatchObject({
        bookingStatus: "expired",
        payment: { status: "expired" },
      });
    });
  });

  it("answers 503 with the shop's phone when Stripe is down, and the offer stays open", async () => {
    const offer = await offerOn(workday(15), ["Dora Down"]);
    await withDeposit(async () => {
      stripe.state.down = true;
      try {
        const refused = await api.anonymous().post(`/api/waitlist/${offer}/claim`);
        expect(refused.status).toBe(503);
        expect(refused.body.message).toMatch(/^Online payment is not available right now\..* call us on /);
      } finally {
        stripe.state.down = false;
      }
      expect((await api.anonymous().get(`/api/waitlist/${offer}`)).body).toMatchObject({ status: "offered" });
      expect((await api.anonymous().post(`/api/waitlist/${offer}/claim`)).status).toBe(201);
    });
  });
});

describe("the owner's list", () => {
  it("lists the entries to admins only, audited, and removes one", async () => {
    const date = workday(5);
    const id = await join("Rita Removed", date);
    for (const caller of [api.anonymous(), await api.visitor()]) {
      expect([401, 403]).toContain((await caller.get("/api/waitlist")).status);
      expect([401, 403]).toContain((await caller.delete(`/api/waitlist/${id}`)).status);
    }
    const list = await admin.get("/api/waitlist");
    expect(list.status).toBe(200);
    await expectDocumented(list);
    expect((list.body as WaitlistEntry[]).find((entry) => entry.id === id)).toEqual({
      id,
      date,
      services: ["Skin Fade"],
      memberName: null,
      customerName: "Rita Removed",
      customerEmail: "rita.removed@example.test",
      status: "waiting",
      offerExpiresAt: null,
    });
    const audited = await api.db
      .selectFrom("audit_log")
      .select("action")
      .where("kind", "=", "waitlist")
      .where("action", "=", "view waitlist")
      .execute();
    expect(audited.length).toBeGreaterThan(0);
    expect((await admin.delete(`/api/waitlist/${id}`)).status).toBe(204);
    const after = (await admin.get("/api/waitlist")).body as WaitlistEntry[];
    expect(after.find((entry) => entry.id === id)?.status).toBe("cancelled");
  });

  it("gives a customer's entries in their data export, and erases them with the customer", async () => {
    const date = workday(6);
    const token = await bookTheDay("Ezra Erased", date);
    await join("Ezra Erased", workday(7));
    await cancel(token);
    // Before the erasure, the customer's data export lists what they asked the waitlist for.
    const exported = await admin.get(
      `/api/customers/${encodeURIComponent(person("Ezra Erased").customerEmail)}/export`,
    );
    expect(exported.status, exported.text).toBe(200);
    expect(exported.body.waitlist).toEqual([
      expect.objectContaining({
        date: workday(7),
        services: [expect.any(String)],
        name: "Ezra Erased",
        email: person("Ezra Erased").customerEmail,
        phone: person("Ezra Erased").customerPhone.replace(/\s/g, ""),
        status: "waiting",
      }),
    ]);
    const erased = await admin.delete(`/api/customers/${encodeURIComponent(person("Ezra Erased").customerEmail)}`);
    expect(erased.status, erased.text).toBe(200);
    const left = await api.db
      .selectFrom("waitlist_entries")
      .select("id")
      .where("customer_key", "=", person("Ezra Erased").customerEmail)
      .execute();
    expect(left).toEqual([]);
  });
});

describe("offers when the owner frees time", () => {
  /** The offer just mailed to `name`, as its link shows it. */
  async function offerTo(name: string) {
    expect(offersTo(name)).toHaveLength(1);
    return (await api.anonymous().get(`/api/waitlist/${tokenOf(name)}`)).body as {
      startTime: string;
      memberName: string;
    };
  }

  async function addBarber(name: string, weeklyHours: TeamMember["weeklyHours"]) {
    const body = { name, bio: "", image: null, serviceIds: [String(serviceId)], weeklyHours, timeOff: [] };
    const created = await admin.post("/api/team", body);
    expect(created.status, created.text).toBe(201);
    return { ...body, id: (created.body as TeamMember).id };
  }

  it("offers the time a removed block had kept", async () => {
    const date = workday(10);
    const block = await admin.post(`/api/team/${alex.id}/blocks`, {
      date,
      start: "10:00",
      end: "10:30",
      note: "Lunch",
    });
    expect(block.status, block.text).toBe(201);
    await join("Bo Blocked", date);
    await runJobs();
    expect(offersTo("Bo Blocked")).toHaveLength(0);

    expect((await admin.delete(`/api/team/${alex.id}/blocks/${block.body.id}`)).status).toBe(204);
    await runJobs();
    expect(await offerTo("Bo Blocked")).toMatchObject({ startTime: "10:00", memberName: "Alex" });
  });

  it("offers the times of a closure lifted", async () => {
    const date = workday(11);
    const before = (await admin.get("/api/settings")).body;
    const closed = await admin.put("/api/settings", {
      ...before,
      closures: [{ from: date, to: date, note: "Training" }],
    });
    expect(closed.status, closed.text).toBe(200);
    await join("Clo Closed", date);
    await runJobs();
    expect(offersTo("Clo Closed")).toHaveLength(0);

    expect((await admin.put("/api/settings", before)).status).toBe(200);
    await runJobs();
    expect(await offerTo("Clo Closed")).toMatchObject({ startTime: "10:00", memberName: "Alex" });
  });

  it("offers the hours of a barber who joins the team", async () => {
    const date = workday(12);
    await bookTheDay("Nia Full", date);
    await join("Nat Newbarber", date);
    await addBarber("Hal", [{ day: dayOfWeek(date), ranges: [{ start: "11:00", end: "11:30" }] }]);
    await runJobs();
    expect(await offerTo("Nat Newbarber")).toMatchObject({ startTime: "11:00", memberName: "Hal" });
  });

  it("offers the hours a barber's new week adds", async () => {
    const date = workday(13);
    await bookTheDay("Ola Occupied", date);
    await join("Hank Hours", date);
    const ida = await addBarber("Ida", []);
    await runJobs();
    expect(offersTo("Hank Hours")).toHaveLength(0);

    const weeklyHours = [{ day: dayOfWeek(date), ranges: [{ start: "12:00", end: "12:30" }] }];
    const updated = await admin.put(`/api/team/${ida.id}`, { ...ida, weeklyHours });
    expect(updated.status, updated.text).toBe(200);
    await runJobs();
    expect(await offerTo("Hank Hours")).toMatchObject({ startTime: "12:00", memberName: "Ida" });
  });
});
