import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dayOfWeek } from "~/features/settings/opening-hours";
import { addDays, shopToday } from "~/lib/shop-time";
import { addService } from "../../../tests/support/bookings";
import { startSmtpSink, type SmtpSink } from "../../../tests/support/smtp-sink";
import { TestClient, startTestApi, type TestApi } from "../../../tests/support/test-app";
import { JOINED_MESSAGE, OFFER_DECLINED_MESSAGE } from "./waitlist.schema";

/* The waitlist without JavaScript: joining, the offer's link (GET shows, only the form claims) and the owner's Remove. */

const LINK = /\/waitlist\/([A-Za-z0-9_-]{43})/;
let sink: SmtpSink;
let api: TestApi;
let serviceId: number;
let memberId: number;

const date = (() => {
  let day = addDays(shopToday(), 5);
  while (dayOfWeek(day) === 0 || dayOfWeek(day) === 1) day = addDays(day, 1);
  return day;
})();

beforeAll(async () => {
  sink = await startSmtpSink();
  api = await startTestApi({ pages: true, env: { SMTP_URL: sink.url, PUBLIC_URL: "http://barbers.test" } });
  serviceId = await addService(api.db);
  const weeklyHours = [2, 3, 4, 5, 6].map((day) => ({ day, ranges: [{ start: "10:00", end: "10:30" }] }));
  const admin = await api.admin();
  memberId = (
    await admin.post("/api/team", {
      name: "Alex",
      bio: "",
      image: null,
      serviceIds: [String(serviceId)],
      weeklyHours,
      timeOff: [],
    })
  ).body.id;
});
afterAll(async () => {
  await api.close();
  await sink.close();
});

const html = { accept: "text/html" };
const postForm = (client: TestClient, url: string, fields: Array<[string, string]>) =>
  client.request("POST", url, {
    body: new URLSearchParams(fields),
    headers: { "content-type": "application/x-www-form-urlencoded", origin: api.baseUrl, ...html },
  });

describe("the waitlist without JavaScript", () => {
  // The first page requests compile the pages with Vite's SSR loader: slow on a busy machine.
  it(
    "joins with the plain form, and claims the mailed offer with the plain Claim form",
    { timeout: 120_000 },
    async () => {
      const booked = await api.anonymous().post("/api/bookings", {
        customerName: "Bob Booker",
        customerEmail: "bob@example.test",
        customerPhone: "07911 123456",
        services: [String(serviceId)],
        date,
        startTime: "10:00",
        memberId,
      });
      expect(booked.status).toBe(201);
      const booking = await api
        .anonymous()
        .request("GET", `/bookings?service=${serviceId}&date=${date}`, { headers: html });
      expect(booking.text).toContain(`href="/waitlist?date=${date}&amp;service=${serviceId}&amp;barber=any"`);

      const client = new TestClient(api.baseUrl);
      const refused = await postForm(client, "/waitlist", [["date", date]]);
      expect(refused.status).toBe(400);
      expect(refused.text).toContain("Please select at least one service");
      const joined = await postForm(client, "/waitlist", [
        ["date", date],
        ["services", String(serviceId)],
        ["memberId", "any"],
        ["earliest", ""],
        ["latest", ""],
        ["customerName", "Nia Nojs"],
        ["customerEmail", "nia@example.test"],
        ["customerPhone", "07911 123456"],
      ]);
      expect(joined.status).toBe(303);
      expect(joined.headers.get("location")).toBe("/waitlist?joined=1");
      const thanks = await client.request("GET", "/waitlist?joined=1", { headers: html });
      expect(thanks.text).toContain(JOINED_MESSAGE);

      expect((await api.anonymous().post(`/api/bookings/manage/${booked.body.manageToken}/cancel`)).status).toBe(200);
      await api.runJobs();
      const mail = sink.to("nia@example.test").find((message) => message.subject.startsWith("A time has freed up"));
      const token = LINK.exec(mail!.leaves[0]!.body)![1]!;

      for (let look = 0; look < 2; look++) {
        const opened = await client.request("GET", `/waitlist/${token}`, { headers: html });
        expect(opened.status).toBe(200);
        expect(opened.headers.get("cache-control")).toBe("private, no-store");
        expect(opened.text).toMatch(new RegExp(`<form[^>]*action="/waitlist/${token}" method="post"`));
        expect(opened.text).toContain(">Claim this time<");
        expect(opened.text).toMatch(
          /<button(?=[^>]*name="intent")(?=[^>]*value="decline")[^>]*>No thanks, offer it to someone else</,
        );
      }
      const claimed = await postForm(client, `/waitlist/${token}`, []);
      expect(claimed.status).toBe(303);
      expect(claimed.headers.get("location")).toBe(`/waitlist/${token}`);
      const after = await client.request("GET", `/waitlist/${token}`, { headers: html });
      expect(after.text).toContain("Booked: this time is yours.");
      const again = await postForm(client, `/waitlist/${token}`, []);
      expect(again.status).toBe(409);
    },
  );

  it("turns an offer down with the plain No thanks button", async () => {
    const day = addDays(date, 14);
    const who = { customerName: "Tom Turndown", customerEmail: "tom@example.test", customerPhone: "07911 123456" };
    const booked = await api.anonymous().post("/api/bookings", {
      ...who,
      customerEmail: "held@example.test",
      services: [String(serviceId)],
      date: day,
      startTime: "10:00",
      memberId,
    });
    expect(booked.status, booked.text).toBe(201);
    expect((await api.anonymous().post("/api/waitlist", { ...who, date: day, services: [serviceId] })).status).toBe(
      201,
    );
    expect((await api.anonymous().post(`/api/bookings/manage/${booked.body.manageToken}/cancel`)).status).toBe(200);
    await api.runJobs();
    const mail = sink.to(who.customerEmail).find((message) => message.subject.startsWith("A time has freed up"));
    const token = LINK.exec(mail!.leaves[0]!.body)![1]!;

    const client = api.anonymous();
    const declined = await postForm(client, `/waitlist/${token}`, [["intent", "decline"]]);
    expect(declined.status).toBe(303);
    expect(declined.headers.get("location")).toBe(`/waitlist/${token}`);
    const after = await client.request("GET", `/waitlist/${token}`, { headers: html });
    expect(after.text).toContain(OFFER_DECLINED_MESSAGE);
    expect(after.text).not.toContain(">Claim this time<");
    // Nobody else waits: the time is free for anyone again.
    const times = await api.anonymous().get(`/api/availability?date=${day}&services=${serviceId}`);
    expect(times.body.map((time: { startTime: string }) => time.startTime)).toEqual(["10:00"]);
  });

  it("lists the entries on the owner's screen, and removes one with its plain form", async () => {
    const joined = await api.anonymous().post("/api/waitlist", {
      customerName: "Rory Remove",
      customerEmail: "rory@example.test",
      customerPhone: "07911 123456",
      date: addDays(date, 7),
      services: [serviceId],
    });
    const admin = await api.admin();
    const screen = await admin.request("GET", "/admin/waitlist", { headers: html });
    expect(screen.status).toBe(200);
    expect(screen.text).toContain("rory@example.test");
    const removed = await postForm(admin, "/admin/waitlist", [["id", String(joined.body.id)]]);
    expect(removed.status).toBe(200);
    const entry = await api.db
      .selectFrom("waitlist_entries")
      .select("status")
      .where("id", "=", joined.body.id)
      .executeTakeFirstOrThrow();
    expect(entry.status).toBe("cancelled");
  });
});
