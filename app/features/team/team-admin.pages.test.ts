import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dayOfWeek } from "~/features/settings/opening-hours";
import { addDays, shopToday } from "~/lib/shop-time";
import { addService } from "../../../tests/support/bookings";
import { formFields, formHtml } from "../../../tests/support/html-form";
import { startTestApi, type TestApi, type TestClient } from "../../../tests/support/test-app";
import type { TeamMember } from "./team.schema";
import { listTeam } from "./team.server";

/* /admin/team before and without JavaScript: "Add Team Member" and the edit links open the form on the page. */

let api: TestApi;
let admin: TestClient;
let serviceId: string;

beforeAll(async () => {
  api = await startTestApi({ pages: true, env: { BOOKING_MAX_PER_HOUR: "1000" } });
  admin = await api.admin();
  serviceId = String(await addService(api.db));
  await addService(api.db, "Beard Trim", 10);
}, 120_000);
afterAll(() => api.close());

const html = async (url: string) => (await admin.request("GET", url, { headers: { accept: "text/html" } })).text;
const post = (fields: URLSearchParams) =>
  admin.request("POST", "/admin/team", {
    body: fields,
    headers: { "content-type": "application/x-www-form-urlencoded", origin: api.baseUrl, accept: "text/html" },
  });
const memberForm = (page: string) => formFields(formHtml(page, 'action="/admin/team"'));
const team = () => listTeam(api.db);
const member = async (id: number) => (await admin.get(`/api/team/${id}`)).body as TeamMember;

describe("/admin/team without JavaScript", () => {
  it("adds a member through the page's form, which starts with no service ticked", async () => {
    expect(await html("/admin/team")).toContain('href="/admin/team?edit=new"');
    const fields = memberForm(await html("/admin/team?edit=new"));
    expect(fields.getAll("serviceIds")).toEqual([]);
    expect(fields.get("active")).toBe("on");
    fields.set("name", "Imran");
    fields.append("serviceIds", serviceId);
    fields.set("hours.3", "09:00–12:30, 13:30–17:00");
    const saved = await post(fields);
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe("/admin/team?saved=added");
    expect(await html("/admin/team?saved=added")).toContain("Team member added");
    const [imran] = (await team()).filter((entry) => entry.name === "Imran");
    expect(imran).toMatchObject({
      serviceIds: [serviceId],
      active: true,
      weeklyHours: [
        {
          day: 3,
          ranges: [
            { start: "09:00", end: "12:30" },
            { start: "13:30", end: "17:00" },
          ],
        },
      ],
      timeOff: [],
    });
  });

  it("shows unreadable hours back with what was typed, saving nothing", async () => {
    const before = await team();
    const fields = memberForm(await html("/admin/team?edit=new"));
    fields.set("name", "Typo");
    fields.set("hours.1", "nine till five");
    const refused = await post(fields);
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("Monday: write times like 09:00–12:30");
    expect(memberForm(refused.text).get("hours.1")).toBe("nine till five");
    expect(await team()).toEqual(before);
  });

  it("edits a member: new time off over their booking asks, then cancels it when chosen", async () => {
    const created = await admin.post("/api/team", {
      name: "Kelly",
      serviceIds: [serviceId],
      weeklyHours: [{ day: 3, ranges: [{ start: "09:00", end: "17:00" }] }],
    });
    const kelly = created.body as TeamMember;
    let day = addDays(shopToday(), 7);
    while (dayOfWeek(day) !== 3) day = addDays(day, 1);
    const booking = await api.anonymous().post("/api/bookings", {
      services: [serviceId],
      date: day,
      startTime: "11:00",
      memberId: kelly.id,
      customerName: "Jo Bloggs",
      customerEmail: "jo@example.com",
      customerPhone: "07911 123456",
      notes: "",
    });
    expect(booking.status).toBe(201);

    const page = await html(`/admin/team?edit=${kelly.id}`);
    const fields = memberForm(page);
    expect(fields.get("name")).toBe("Kelly");
    expect(fields.get("hours.3")).toBe("09:00–17:00");
    expect(fields.getAll("serviceIds")).toEqual([serviceId]);
    fields.set("timeOff.0.from", day);
    fields.set("timeOff.0.to", day);
    fields.set("timeOff.0.note", "Wedding");
    const asked = await post(fields);
    expect(asked.status).toBe(409);
    expect(asked.text).toContain(booking.body.reference);
    expect((await member(kelly.id)).timeOff).toEqual([]);

    const again = memberForm(asked.text);
    expect(again.get("timeOff.0.note")).toBe("Wedding");
    again.set("timeOffBookings", "cancel");
    const saved = await post(again);
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe("/admin/team?saved=updated");
    expect((await member(kelly.id)).timeOff).toEqual([{ from: day, to: day, note: "Wedding" }]);
    const { status } = await api.db
      .selectFrom("bookings")
      .select("status")
      .where("reference", "=", booking.body.reference)
      .executeTakeFirstOrThrow();
    expect(status).toBe("cancelled");
  });

  it("deletes a member with the bin's form, and says why when they still have bookings", async () => {
    const created = await admin.post("/api/team", { name: "Leaving", serviceIds: [serviceId] });
    const id = String((created.body as TeamMember).id);
    const removed = await post(new URLSearchParams({ intent: "delete", id }));
    expect(removed.status).toBe(303);
    expect(removed.headers.get("location")).toBe("/admin/team?saved=deleted");
    expect((await team()).some((entry) => String(entry.id) === id)).toBe(false);

    const busy = (await team()).find((entry) => entry.name === "Kelly")!;
    let day = addDays(shopToday(), 21);
    while (dayOfWeek(day) !== 3) day = addDays(day, 1);
    const booking = await api.anonymous().post("/api/bookings", {
      services: [serviceId],
      date: day,
      startTime: "10:00",
      memberId: busy.id,
      customerName: "Jo Bloggs",
      customerEmail: "jo.again@example.com",
      customerPhone: "07911 123456",
      notes: "",
    });
    expect(booking.status).toBe(201);
    const before = await team();
    const refused = await post(new URLSearchParams({ intent: "delete", id: String(busy.id) }));
    expect(refused.status).toBe(409);
    expect(refused.text).toContain("This team member has bookings still to come");
    expect(await team()).toEqual(before);
  });
});
