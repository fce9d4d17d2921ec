import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectWritesRefused, startTestApi, type TestApi, type TestClient } from "../../../tests/support/test-app";
import type { TeamMember } from "./team.schema";

let api: TestApi;
let admin: TestClient;
let cut: { id: number };

const member = (patch: object = {}) => ({
  name: "Marcus",
  bio: "Fades and beard work.",
  image: "/uploads/marcus.webp",
  serviceIds: [String(cut.id)],
  active: true,
  weeklyHours: [
    {
      day: 3,
      ranges: [
        { start: "13:30", end: "17:00" },
        { start: "09:00", end: "12:30" },
      ],
    },
  ],
  timeOff: [{ from: "2027-01-04", to: "2027-01-08", note: "Holiday" }],
  ...patch,
});

beforeAll(async () => {
  api = await startTestApi();
  admin = await api.admin();
  cut = (
    await admin.post("/api/services", {
      title: "Scissor Cut",
      price: 15,
      description: "Done properly.",
      category: "hair",
      icon: "Scissors",
      duration: 30,
    })
  ).body;
});
afterAll(() => api.close());

describe("/api/team", () => {
  it("creates a member and shows the public fields to everyone, hours and time off to the admin", async () => {
    const created = await admin.post("/api/team", member());
    expect(created.status).toBe(201);
    const body = created.body as TeamMember;
    expect(body).toMatchObject({
      name: "Marcus",
      serviceIds: [String(cut.id)],
      active: true,
      // Ranges come back in order.
      weeklyHours: [
        {
          day: 3,
          ranges: [
            { start: "09:00", end: "12:30" },
            { start: "13:30", end: "17:00" },
          ],
        },
      ],
      timeOff: [{ from: "2027-01-04", to: "2027-01-08", note: "Holiday" }],
    });
    const list = (await api.anonymous().get("/api/team")).body as object[];
    const listed = list.find((entry) => (entry as { id: number }).id === body.id)!;
    expect(Object.keys(listed).sort()).toEqual(["bio", "id", "image", "name", "serviceIds"]);
    expect(Object.keys((await api.anonymous().get(`/api/team/${body.id}`)).body).sort()).toEqual([
      "bio",
      "id",
      "image",
      "name",
      "serviceIds",
    ]);
    expect((await admin.get(`/api/team/${body.id}`)).body).toEqual(body);
  });

  it("updates every field, and hides a deactivated member from the public", async () => {
    const { id } = (await admin.post("/api/team", member({ name: "Dev" }))).body as TeamMember;
    const updated = await admin.put(
      `/api/team/${id}`,
      member({ name: "Dev K", active: false, weeklyHours: [], timeOff: [] }),
    );
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: "Dev K", active: false, weeklyHours: [], timeOff: [] });
    const list = (await api.anonymous().get("/api/team")).body as Array<{ id: number }>;
    expect(list.map((entry) => entry.id)).not.toContain(id);
    expect((await api.anonymous().get(`/api/team/${id}`)).status).toBe(404);
  });

  it.each([
    [{ name: "" }, "Name is required"],
    [{ serviceIds: ["999999"] }, "One of the chosen services is not offered"],
    [
      { weeklyHours: [{ day: 0, ranges: [{ start: "08:00", end: "12:00" }] }] },
      "Sunday 08:00–12:00 is outside the shop's opening hours. Working hours must sit within them.",
    ],
    [
      { weeklyHours: [{ day: 2, ranges: [{ start: "10:00", end: "09:00" }] }] },
      "Closing time must be after opening time",
    ],
    [{ timeOff: [{ from: "2027-01-08", to: "2027-01-04" }] }, "Last day must not be before the first day"],
  ])("refuses %j with its message and changes nothing", async (patch, message) => {
    const before = (await api.db.selectFrom("team_members").select("id").execute()).length;
    const response = await admin.post("/api/team", member(patch));
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
    expect((await api.db.selectFrom("team_members").select("id").execute()).length).toBe(before);
  });

  it("is written by admins only", async () => {
    const { id } = (await admin.post("/api/team", member({ name: "Sol" }))).body as TeamMember;
    await expectWritesRefused(api, "/api/team", id, member());
    expect((await admin.get(`/api/team/${id}`)).body.name).toBe("Sol");
  });

  it("deletes a member without bookings to come, then answers 404", async () => {
    const { id } = (await admin.post("/api/team", member({ name: "Temp" }))).body as TeamMember;
    expect((await admin.delete(`/api/team/${id}`)).status).toBe(204);
    expect((await admin.get(`/api/team/${id}`)).status).toBe(404);
    expect((await admin.delete(`/api/team/${id}`)).status).toBe(404);
  });

  it("keeps each member's pay (decision 054): none by default, commission in half percents, chair rent by week or month", async () => {
    const { id } = (await admin.post("/api/team", member({ name: "Pay Test" }))).body as TeamMember;
    expect(((await admin.get(`/api/team/${id}`)).body as TeamMember).pay).toEqual({ kind: "none" });
    const commission = { kind: "commission", servicePercent: 42.5, productPercent: 10 };
    expect((await admin.put(`/api/team/${id}`, member({ name: "Pay Test", pay: commission }))).body.pay).toEqual(
      commission,
    );
    // An update without pay keeps it.
    expect((await admin.put(`/api/team/${id}`, member({ name: "Pay Test" }))).body.pay).toEqual(commission);
    for (const pay of [
      { kind: "commission", servicePercent: 12.3, productPercent: 0 },
      { kind: "commission", servicePercent: 101, productPercent: 0 },
      { kind: "chairRent", amount: -5, period: "week" },
      { kind: "chairRent", amount: 150, period: "fortnight" },
      { kind: "salary" },
    ]) {
      expect((await admin.put(`/api/team/${id}`, member({ name: "Pay Test", pay }))).status, JSON.stringify(pay)).toBe(
        400,
      );
    }
    const rent = { kind: "chairRent", amount: 150.5, period: "month" };
    expect((await admin.put(`/api/team/${id}`, member({ name: "Pay Test", pay: rent }))).body.pay).toEqual(rent);
    // Anyone else sees no pay.
    expect((await api.anonymous().get(`/api/team/${id}`)).body.pay).toBeUndefined();
  });
});
