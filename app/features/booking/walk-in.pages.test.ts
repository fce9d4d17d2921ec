import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dayOfWeek } from "~/features/settings/opening-hours";
import type { TeamMember } from "~/features/team/team.schema";
import { addDays, shopMoment, shopToday } from "~/lib/shop-time";
import {
  ALL_DAY_OPENING_HOURS,
  openAllHours,
  startTestApi,
  type TestApi,
  type TestClient,
} from "../../../tests/support/test-app";
import { walkInStart } from "./rules/walk-in";

/*
 * The desk's walk-in form on /admin/calendar without JavaScript: an empty time is now, and a refusal is said
 * beside the field it is about, inside the form, not only at the top of the page far above it.
 */

let api: TestApi;
let admin: TestClient;
let serviceId: string;
let barber: TeamMember;

const weekday = (() => {
  let day = addDays(shopToday(), 2);
  while (dayOfWeek(day) !== 3) day = addDays(day, 1);
  return day;
})();

function postWalkIn(fields: Record<string, string>) {
  return admin.request("POST", `/admin/calendar`, {
    body: new URLSearchParams({ intent: "walk-in", back: "/admin/calendar", services: serviceId, ...fields }),
    headers: { "content-type": "application/x-www-form-urlencoded", origin: api.baseUrl, accept: "text/html" },
  });
}

/** The page as rendered, without the data it hydrates from (which repeats every message). */
const rendered = (html: string) => html.slice(0, html.indexOf("<script")).replaceAll("<!-- -->", "");

/** The walk-in form's HTML: from its heading to its button's end. */
function walkInForm(html: string) {
  const start = html.indexOf(">Walk-in</summary>");
  const end = html.indexOf("Record walk-in", start);
  expect(start).toBeGreaterThan(-1);
  return html.slice(start, end);
}

const decode = (html: string) => html.replaceAll("&#x27;", "'").replaceAll("&quot;", '"');

beforeAll(async () => {
  api = await startTestApi({ pages: true });
  admin = await api.admin();
  await openAllHours(api.db);
  const service = { title: "Beard Trim", price: 10, duration: 5, description: "Trim.", icon: "Scissors" };
  serviceId = String((await admin.post("/api/services", { ...service, category: "beard" })).body.id);
  // A barber who works every hour of every day, so "now" is always inside the hours whenever the test runs.
  const body = {
    name: "Alex",
    bio: "",
    image: null,
    serviceIds: [serviceId],
    weeklyHours: ALL_DAY_OPENING_HOURS,
    timeOff: [],
  };
  barber = (await admin.post("/api/team", body)).body as TeamMember;
}, 120_000);
afterAll(async () => {
  await api.close();
});

describe("the walk-in form", () => {
  it("records a walk-in now when the time (and day) is left empty", async () => {
    const before = walkInStart(new Date());
    const posted = await postWalkIn({ date: "", startTime: "", memberId: "" });
    const after = walkInStart(new Date());
    const { time } = shopMoment();
    // The last five minutes of a day have no room for a 5-minute walk-in before 23:59: refused beside the time.
    if (time >= "23:54") {
      expect(posted.status).toBe(409);
      return;
    }
    expect(posted.status, decode(posted.text).slice(0, 400)).toBe(302);
    const row = await api.db
      .selectFrom("bookings")
      .innerJoin("booking_slots", "booking_slots.id", "bookings.slot_id")
      .select(["booking_slots.date", "booking_slots.start_time", "booking_slots.member_id"])
      .executeTakeFirstOrThrow();
    expect([before, after]).toContainEqual({ date: row.date, startTime: row.start_time });
    expect(row.member_id).toBe(barber.id);
  }, 120_000);

  it("says a refusal beside the time field, keeps what was typed, and links to it from the alert at the top", async () => {
    const refused = await postWalkIn({ date: addDays(weekday, 7), startTime: "", customerName: "Pat Walker" });
    expect(refused.status).toBe(400);
    const html = rendered(decode(refused.text));
    const message = /Please enter the start time: an empty time means now, which is [^<]+/.exec(html)?.[0]?.trim();
    expect(message, html.slice(0, 400)).toBeDefined();
    // Said inside the walk-in form, after the time's label and tied to its input; the alert at the top (where a
    // page posted without JavaScript opens) links down to it.
    expect(html).toMatch(/role="alert"[^>]*>Please enter the start time[^<]*<a href="#walk-in"/);
    const form = walkInForm(html);
    expect(form.indexOf(message!)).toBeGreaterThan(form.indexOf("Time (empty: now)"));
    expect(form).toMatch(
      /aria-describedby="[^"]*-error"[^>]*name="startTime"|name="startTime"[^>]*aria-describedby="[^"]*-error"/,
    );
    expect(form).toContain('value="Pat Walker"');

    // Nobody free at the time given (the barber is busy): the 409 is the time's too.
    expect((await postWalkIn({ date: weekday, startTime: "10:00" })).status).toBe(302);
    const taken = await postWalkIn({ date: weekday, startTime: "10:00" });
    expect(taken.status).toBe(409);
    const takenForm = walkInForm(rendered(decode(taken.text)));
    expect(takenForm).toMatch(/No barber is free for Beard Trim at 10:00; the next free time is \d\d:\d\d with Alex\./);
  }, 120_000);
});

describe("the block form", () => {
  it("says a refusal beside the field it is about, inside the form, and keeps what was typed", async () => {
    const posted = await admin.request("POST", `/admin/calendar`, {
      body: new URLSearchParams({
        intent: "block",
        back: "/admin/calendar",
        memberId: String(barber.id),
        date: weekday,
        start: "14:00",
        end: "13:00",
        note: "Dentist",
      }),
      headers: { "content-type": "application/x-www-form-urlencoded", origin: api.baseUrl, accept: "text/html" },
    });
    expect(posted.status).toBe(400);
    const html = rendered(posted.text);
    const start = html.indexOf(">Block time</summary>");
    const form = decode(html.slice(start, html.indexOf("</form>", start)));
    expect(start).toBeGreaterThan(-1);
    expect(form).toMatch(/role="alert"[^>]*>[^<]*(end|after)/i);
    expect(form).toContain('value="Dentist"');
    expect(form).toContain('value="14:00"');
    expect(html).toContain('href="#block"');
  });
});
