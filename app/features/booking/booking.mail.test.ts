import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_MAX_ATTEMPTS } from "~/features/jobs/jobs.server";
import { shopToday } from "~/lib/shop-time";
import { closedSmtpUrl, startSmtpSink, type ReceivedMail, type SmtpSink } from "../../../tests/support/smtp-sink";
import { startTestApi, type TestApi, type TestClient } from "../../../tests/support/test-app";
import type { AdminSlot, PublicSlot } from "./booking-answers.schema";
import { readCalendar } from "./ics.testing";
import { cancelBookingById } from "./write/cancel.server";

const SHOP_EMAIL = "shop@oldham-barbers.test";
const PUBLIC_URL = "http://barbers.test";
const nextYear = Number(shopToday().slice(0, 4)) + 1;

/** The last Sunday of March next year: the day the clocks go forward. */
const springForward = (() => {
  const lastOfMarch = new Date(Date.UTC(nextYear, 3, 0));
  lastOfMarch.setUTCDate(lastOfMarch.getUTCDate() - lastOfMarch.getUTCDay());
  return lastOfMarch.toISOString().slice(0, 10);
})();

interface Setup {
  api: TestApi;
  admin: TestClient;
  serviceIds: string[];
}

async function setUp(env: Record<string, string>): Promise<Setup> {
  const api = await startTestApi({
    env: { PUBLIC_URL, BOOKING_MAX_PER_HOUR: "1000", BOOKING_MAX_PER_EMAIL_PER_HOUR: "1000", ...env },
  });
  const admin = await api.admin();
  const service = { description: "Done properly.", icon: "Scissors", order: 0 };
  const cut = await admin.post("/api/services", {
    ...service,
    title: "Skin Fade",
    price: 18.5,
    category: "hair",
    duration: 40,
  });
  const beard = await admin.post("/api/services", {
    ...service,
    title: "Beard Trim",
    price: 12,
    category: "beard",
    duration: 15,
  });
  return { api, admin, serviceIds: [String(cut.body.id), String(beard.body.id)] };
}

async function bookNew({ api, admin, serviceIds }: Setup, date: string, customerEmail = "sam@example.com") {
  const slot = (
    await admin.post("/api/booking-slots", { date, startTime: "10:00", endTime: "10:45", status: "available" })
  ).body as PublicSlot;
  const response = await api.anonymous().patch(`/api/booking-slots/${slot.id}`, {
    customerName: "Sam Taylor",
    customerEmail,
    customerPhone: "07911 123456",
    notes: "First visit",
    services: serviceIds,
    serviceTitles: ["Skin Fade", "Beard Trim"],
  });
  expect(response.status).toBe(200);
  // The booking is answered before any mail goes: the queued mails run here.
  await api.runJobs();
  return { slot, confirmation: response.body };
}

const calendarPart = (mail: ReceivedMail) => {
  const attachment = mail.leaves.find((part) => part.headers.get("content-type")?.startsWith("text/calendar"));
  expect(attachment, "the mail carries a text/calendar attachment").toBeDefined();
  expect(attachment!.headers.get("content-disposition")).toMatch(/^attachment; filename=.*\.ics/);
  return attachment!;
};

const calendarOf = (mail: ReceivedMail) => {
  const { event } = readCalendar(calendarPart(mail).body);
  return { event, start: event.startDate.toJSDate().toISOString(), end: event.endDate.toJSDate().toISOString() };
};

const textOf = (mail: ReceivedMail) =>
  mail.leaves.find((part) => part.headers.get("content-type")?.startsWith("text/plain"))!.body;

describe("booking mails through a real SMTP server", () => {
  let sink: SmtpSink;
  let setup: Setup;

  beforeAll(async () => {
    sink = await startSmtpSink();
    setup = await setUp({ SMTP_URL: sink.url, SHOP_EMAIL, SMTP_FROM: "Oldham Barbers <bookings@oldham-barbers.test>" });
  });
  afterAll(async () => {
    await setup.api.close();
    await sink.close();
  });

  it("mails the customer the details, the manage link and a valid .ics, and notifies the shop", async () => {
    const date = `${nextYear}-07-15`;
    const { slot, confirmation } = await bookNew(setup, date, "summer@example.com");
    expect(confirmation.mailStatus).toBe("pending");

    const [mail] = sink.to("summer@example.com");
    expect(mail).toBeDefined();
    expect(mail!.subject).toContain(confirmation.reference);
    const text = textOf(mail!);
    expect(text).toContain("Hello Sam Taylor,");
    expect(text).toContain("Skin Fade (£18.50, 40 mins)");
    expect(text).toContain("Appointment fee: £8.00");
    expect(text).toContain("Total: £38.50");
    expect(text).toContain(`${PUBLIC_URL}/bookings/manage/${confirmation.manageToken}`);
    expect(text).toContain("Time: 10:00 – 10:55");
    const { event, start, end } = calendarOf(mail!);
    // 10:00–10:45 British Summer Time.
    expect(start).toBe(`${date}T09:00:00.000Z`);
    // The services (55 minutes) end after the 45-minute slot: the calendar entry ends with them.
    expect(end).toBe(`${date}T09:55:00.000Z`);
    expect(event.location).toContain("57 Yorkshire Street");

    const [notice] = sink.to(SHOP_EMAIL);
    expect(notice).toBeDefined();
    expect(notice!.headers.get("reply-to")).toContain("summer@example.com");
    expect(notice!.subject).toContain(confirmation.reference);
    const noticeText = textOf(notice!);
    expect(noticeText).toContain("Phone: 07911123456");
    expect(noticeText).toMatch(/^Notes:\r?\n> First visit$/m);

    const listed = ((await setup.admin.get("/api/booking-slots?admin=true")).body as AdminSlot[]).find(
      (s) => s.id === slot.id,
    );
    expect(listed).toMatchObject({ mailStatus: "sent", mailError: null });
  });

  it("refuses a name with a line break, and quotes each line of the notes so none stands as a line of its own", async () => {
    const { api, admin, serviceIds } = setup;
    const slot = (
      await admin.post("/api/booking-slots", { date: `${nextYear}-09-09`, startTime: "10:00", endTime: "10:45" })
    ).body as PublicSlot;
    const booking = {
      customerName: "Sam Taylor",
      customerEmail: "quoted@example.com",
      customerPhone: "07911 123456",
      services: serviceIds,
    };

    const forged = await api
      .anonymous()
      .patch(`/api/booking-slots/${slot.id}`, { ...booking, customerName: "Sam Taylor\r\nBcc: victim@example.net" });
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe("Name must be a single line, without line breaks or control characters");

    const notes = "Side parting, please.\r\nBcc: victim@example.net\nFrom: The Shop <shop@oldham-barbers.test>";
    const booked = await api.anonymous().patch(`/api/booking-slots/${slot.id}`, { ...booking, notes });
    expect(booked.status).toBe(200);
    await api.runJobs();
    const notice = sink.to(SHOP_EMAIL).find((mail) => mail.subject.includes(booked.body.reference));
    const lines = textOf(notice!).split(/\r?\n/);
    expect(lines).toEqual(
      expect.arrayContaining([
        "Notes:",
        "> Side parting, please.",
        "> Bcc: victim@example.net",
        "> From: The Shop <shop@oldham-barbers.test>",
      ]),
    );
    expect(lines.filter((line) => /^(bcc|from|to|cc):/i.test(line))).toEqual([]);
    expect(sink.messages.filter((mail) => mail.envelopeTo.includes("victim@example.net"))).toEqual([]);
  });

  it("writes GMT times in winter and the right times on the day the clocks change", async () => {
    const winter = await bookNew(setup, `${nextYear}-01-15`, "winter@example.com");
    expect(calendarOf(sink.to("winter@example.com")[0]!).start).toBe(`${nextYear}-01-15T10:00:00.000Z`);
    expect(winter.confirmation.mailStatus).toBe("pending");

    await bookNew(setup, springForward, "change-day@example.com");
    expect(calendarOf(sink.to("change-day@example.com")[0]!).start).toBe(`${springForward}T09:00:00.000Z`);
  });

  it("mails both sides a calendar file that cancels the event, whoever or whatever cancels", async () => {
    const confirmedCalendar = (address: string) => readCalendar(calendarPart(sink.to(address)[0]!).body);
    /** The customer's and the shop's mails about the cancellation, each with its cancelling calendar file. */
    const cancellationMails = (address: string, reference: string) => {
      const toCustomer = sink.to(address).at(-1)!;
      const toShop = sink.to(SHOP_EMAIL).findLast((mail) => mail.subject.includes(reference))!;
      expect(toShop.subject).toMatch(/^Booking cancelled/);
      for (const mail of [toCustomer, toShop]) {
        const part = calendarPart(mail);
        expect(part.headers.get("content-type")).toContain("method=CANCEL");
        const { calendar, vevent, event } = readCalendar(part.body);
        expect(calendar.getFirstPropertyValue("method")).toBe("CANCEL");
        expect(vevent.getFirstPropertyValue("status")).toBe("CANCELLED");
        expect(event.uid).toBe(`${reference.toLowerCase()}@booking.oldham-barbers`);
      }
      return { toCustomer, toShop, event: readCalendar(calendarPart(toCustomer).body).event };
    };
    const expectCancels = (address: string, reference: string, intro: string) => {
      const before = confirmedCalendar(address).event;
      const { toCustomer, toShop, event } = cancellationMails(address, reference);
      expect(event.uid).toBe(before.uid);
      expect(event.sequence).toBeGreaterThan(before.sequence);
      expect(event.startDate.toString()).toBe(before.startDate.toString());
      expect(toCustomer.subject).toMatch(new RegExp(`has been cancelled \\(${reference}\\)$`));
      expect(textOf(toCustomer)).toContain(intro);
      return { toCustomer, toShop };
    };

    const byCustomer = await bookNew(setup, `${nextYear}-08-03`, "leaver@example.com");
    const token = byCustomer.confirmation.manageToken;
    expect((await setup.api.anonymous().post(`/api/bookings/manage/${token}/cancel`)).status).toBe(200);
    await setup.api.runJobs();
    const leaver = expectCancels(
      "leaver@example.com",
      byCustomer.confirmation.reference,
      "As you asked, your appointment",
    );
    expect(textOf(leaver.toShop)).toContain("A customer cancelled their appointment online");
    // The manage link's calendar file now cancels the event too, with the same sequence as the mails'.
    const download = await setup.api.anonymous().get(`/api/bookings/manage/${token}/calendar.ics`);
    expect(download.status).toBe(200);
    const downloaded = readCalendar(download.text);
    expect(downloaded.calendar.getFirstPropertyValue("method")).toBe("CANCEL");
    expect(downloaded.vevent.getFirstPropertyValue("status")).toBe("CANCELLED");
    expect(downloaded.event.sequence).toBe(
      cancellationMails("leaver@example.com", byCustomer.confirmation.reference).event.sequence,
    );

    const byShop = await bookNew(setup, `${nextYear}-08-04`, "bumped@example.com");
    const response = await setup.admin.post(`/api/booking-slots/${byShop.slot.id}/cancel`);
    expect(response.body.customerMail).toEqual({ status: "pending", error: null });
    await setup.api.runJobs();
    expect(sink.to("bumped@example.com")).toHaveLength(2);
    expectCancels("bumped@example.com", byShop.confirmation.reference, "we had to cancel your appointment");

    const deleted = await bookNew(setup, `${nextYear}-08-05`, "deleted@example.com");
    expect((await setup.admin.delete(`/api/booking-slots/${deleted.slot.id}`)).status).toBe(204);
    await setup.api.runJobs();
    expectCancels("deleted@example.com", deleted.confirmation.reference, "we had to cancel your appointment");

    const erased = await bookNew(setup, `${nextYear}-08-06`, "forget-me@example.com");
    expect((await setup.admin.delete("/api/customers/forget-me@example.com")).status).toBe(200);
    await setup.api.runJobs();
    // An erased customer is sent nothing more (decision 043): only the confirmation reached them, and the shop's
    // copy cancels the event, naming the time and the reference, not the person being erased.
    expect(sink.to("forget-me@example.com")).toHaveLength(1);
    const forgottenToShop = sink
      .to(SHOP_EMAIL)
      .findLast((mail) => mail.subject.includes(erased.confirmation.reference))!;
    expect(forgottenToShop.subject).toMatch(/^Booking cancelled/);
    expect(readCalendar(calendarPart(forgottenToShop).body).calendar.getFirstPropertyValue("method")).toBe("CANCEL");
    expect(textOf(forgottenToShop)).toContain("asked for their personal data to be erased");
    expect(textOf(forgottenToShop)).not.toContain("forget-me@example.com");
    expect(forgottenToShop.headers.get("reply-to")).toBeUndefined();

    const unpaid = await bookNew(setup, `${nextYear}-08-07`, "unpaid@example.com");
    const booking = await setup.api.db
      .selectFrom("bookings")
      .select("id")
      .where("reference", "=", unpaid.confirmation.reference)
      .executeTakeFirstOrThrow();
    await cancelBookingById(setup.api.ctx, booking.id, "payment-expired");
    await setup.api.runJobs();
    expectCancels("unpaid@example.com", unpaid.confirmation.reference, "its payment was not completed in time");
  });
});

describe("booking when the mail server is down", () => {
  it("keeps the booking confirmed, retries, and after the last try records the failure for the admin", async () => {
    const setup = await setUp({ SMTP_URL: await closedSmtpUrl(), SHOP_EMAIL });
    try {
      const { slot, confirmation } = await bookNew(setup, `${nextYear}-06-01`);
      expect(confirmation.mailStatus).toBe("pending");
      const listedNow = async () =>
        ((await setup.admin.get("/api/booking-slots?admin=true")).body as AdminSlot[]).find((s) => s.id === slot.id);
      // The first try failed; the mail waits for its retry.
      expect(await listedNow()).toMatchObject({ mailStatus: "pending" });
      // Each later try happens once its back-off has passed: move the clock a day on, several times.
      let clock = Date.now();
      for (let retry = 0; retry < DEFAULT_MAX_ATTEMPTS; retry++) {
        clock += 24 * 3_600_000;
        await setup.api.runJobs({ now: () => new Date(clock) });
      }
      const listed = await listedNow();
      expect(listed).toMatchObject({ status: "booked", customerName: "Sam Taylor", mailStatus: "failed" });
      expect(listed!.mailError).toMatch(/sam@example\.com: .+/);
      const publicList = (await setup.api.anonymous().get("/api/booking-slots")).body as PublicSlot[];
      expect(publicList.map((s) => s.id)).not.toContain(slot.id);
      expect((await setup.api.anonymous().get(`/api/bookings/manage/${confirmation.manageToken}`)).body.status).toBe(
        "confirmed",
      );
    } finally {
      await setup.api.close();
    }
  });
});
