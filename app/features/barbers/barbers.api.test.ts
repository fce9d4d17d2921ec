import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { expectDocumented } from "../../../tests/support/api-contract";
import { startTestApi, type TestApi } from "../../../tests/support/test-app";
import { placesFromJson } from "./barbers.schema";
import { importBarbers, listBarbers } from "./barbers.server";

const example = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, "../../../docs/examples/barbers.json"), "utf8"),
);

const place = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  formatted_address: `1 High Street, Oldham OL1 1AA, UK`,
  ...extra,
});

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
beforeEach(async () => {
  await api.db.deleteFrom("barbers").execute();
});

describe("barbers API", () => {
  it("lists slug and name by name, and answers one barber in the spec's shape", async () => {
    const summary = await importBarbers(api.db, placesFromJson(example));
    expect(summary).toEqual({ created: 3, updated: 0, skipped: 0, problems: [] });

    const list = await api.anonymous().get("/api/barbers");
    await expectDocumented(list);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      { slug: "fade-factory-rochdale", name: "Fade Factory Rochdale" },
      { slug: "sharp-co-barbers", name: "Sharp & Co. Barbers" },
      { slug: "the-clipper-room", name: "The Clipper Room" },
    ]);

    const one = await api.anonymous().get("/api/barbers/the-clipper-room");
    await expectDocumented(one);
    expect(one.status).toBe(200);
    expect(one.body).toEqual({
      slug: "the-clipper-room",
      name: "The Clipper Room",
      formatted_address: "14 Yorkshire Street, Oldham OL1 1SE, UK",
      opening_hours: { weekday_text: example.results[0].opening_hours.weekday_text },
      rating: 4.7,
      user_ratings_total: 212,
      formatted_phone_number: "0161 496 0732",
      location: { lat: 53.5422, lng: -2.1098 },
    });
    expect(one.body.opening_hours.weekday_text).toHaveLength(7);

    const sparse = await api.anonymous().get("/api/barbers/sharp-co-barbers");
    await expectDocumented(sparse);
    expect(sparse.body).toEqual({
      slug: "sharp-co-barbers",
      name: "Sharp & Co. Barbers",
      formatted_address: "27 Stamford Street, Ashton-under-Lyne OL6 6QB, UK",
      opening_hours: { weekday_text: [] },
      rating: 4.2,
      user_ratings_total: 41,
      location: { lat: 53.4896, lng: -2.0963 },
    });
  });

  it("answers 404 with the spec's message for an unknown barber", async () => {
    const missing = await api.anonymous().get("/api/barbers/nobody");
    await expectDocumented(missing);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: "Barber not found" });
  });

  it("searches names case-insensitively, treating % and _ as plain characters", async () => {
    await importBarbers(api.db, [
      place("The Clipper Room"),
      place("Clip Joint"),
      place("Top_Cuts"),
      place("TopXCuts"),
      place("100% Fades"),
      place("1000 Fades"),
    ]);
    const search = async (q: string) =>
      (await api.anonymous().get(`/api/barbers?q=${encodeURIComponent(q)}`)).body.map((b: { name: string }) => b.name);
    expect(await search("CLIP")).toEqual(["Clip Joint", "The Clipper Room"]);
    expect(await search("  clipper ")).toEqual(["The Clipper Room"]);
    expect(await search("p_c")).toEqual(["Top_Cuts"]);
    expect(await search("0%")).toEqual(["100% Fades"]);
    expect(await search("zzz")).toEqual([]);
    expect(await search("")).toHaveLength(6);
    expect((await api.anonymous().get("/api/barbers?q=a&q=b")).body).toHaveLength(6);
    expect((await listBarbers(api.db, { q: "fades" })).map((b) => b.name)).toEqual(["100% Fades", "1000 Fades"]);
  });

  it("offers no writes over the API", async () => {
    const admin = await api.admin();
    expect((await admin.post("/api/barbers", place("Sneaky Cuts"))).status).toBe(404);
    expect((await admin.delete("/api/barbers/sneaky-cuts")).status).toBe(404);
    expect((await api.anonymous().get("/api/barbers")).body).toEqual([]);
  });
});

describe("importBarbers", () => {
  it("updates on a re-import instead of duplicating, keeping the slug", async () => {
    await importBarbers(api.db, placesFromJson(example));
    const refreshed = structuredClone(example.results);
    refreshed[0].name = "The Clipper Room & Shave Bar";
    refreshed[0].rating = 4.9;
    refreshed[0].opening_hours.weekday_text[6] = "Sunday: 10:00 AM – 2:00 PM";
    const summary = await importBarbers(api.db, [...refreshed, place("New Blades", { place_id: "new-blades" })]);
    expect(summary).toEqual({ created: 1, updated: 3, skipped: 0, problems: [] });

    expect(await api.db.selectFrom("barbers").select("id").execute()).toHaveLength(4);
    const clipper = (await api.anonymous().get("/api/barbers/the-clipper-room")).body;
    expect(clipper).toMatchObject({ name: "The Clipper Room & Shave Bar", rating: 4.9 });
    expect(clipper.opening_hours.weekday_text[6]).toBe("Sunday: 10:00 AM – 2:00 PM");
  });

  it("matches entries without a place id by slug, and gives same-named other places a numbered slug", async () => {
    await importBarbers(api.db, [place("Kings Cuts", { rating: 3 })]);
    expect(await importBarbers(api.db, [place("Kings  Cuts!", { rating: 4, place_id: "kings-1" })])).toMatchObject({
      updated: 1,
      created: 0,
    });
    expect((await api.anonymous().get("/api/barbers/kings-cuts")).body.rating).toBe(4);

    const second = await importBarbers(api.db, [
      place("Kings Cuts", { place_id: "kings-2" }),
      place("Kings Cuts", { place_id: "kings-3" }),
      place("Kings Cuts", { place_id: "kings-2", rating: 2 }),
    ]);
    expect(second).toMatchObject({ created: 2, updated: 1 });
    expect((await api.anonymous().get("/api/barbers")).body.map((b: { slug: string }) => b.slug)).toEqual([
      "kings-cuts",
      "kings-cuts-2",
      "kings-cuts-3",
    ]);
    expect((await api.anonymous().get("/api/barbers/kings-cuts-2")).body.rating).toBe(2);
  });

  it("reports bad entries and still imports the good ones", async () => {
    const summary = await importBarbers(api.db, [
      place("Good One"),
      { formatted_address: "No name street" },
      place("Bad Rating", { rating: 9 }),
      "not an object",
      null,
      place("Bad Location", { geometry: { location: { lat: "north", lng: 0 } } }),
      place("Good Two", { location: { lat: 53.5, lng: -2.1 }, opening_hours: { weekday_text: ["Monday:\n9–5"] } }),
    ]);
    expect(summary.created).toBe(2);
    expect(summary.updated).toBe(0);
    expect(summary.skipped).toBe(5);
    expect(summary.problems.map((problem) => problem.index)).toEqual([1, 2, 3, 4, 5]);
    expect(summary.problems[0]!.message).toMatch(/^name: /);
    expect(summary.problems[1]).toMatchObject({ name: "Bad Rating", message: expect.stringMatching(/^rating: /) });
    expect(summary.problems[4]!.message).toMatch(/^geometry\.location\.lat: /);
    const two = (await api.anonymous().get("/api/barbers/good-two")).body;
    expect(two.location).toEqual({ lat: 53.5, lng: -2.1 });
    expect(two.opening_hours.weekday_text).toEqual(["Monday: 9–5"]);
  });
});

describe("placesFromJson", () => {
  it("reads a list, a search answer and a details answer", () => {
    expect(placesFromJson([1, 2])).toEqual([1, 2]);
    expect(placesFromJson({ results: [1] })).toEqual([1]);
    expect(placesFromJson({ result: { name: "x" } })).toEqual([{ name: "x" }]);
    expect(() => placesFromJson({ status: "OK" })).toThrow(/Expected a list of place details/);
    expect(() => placesFromJson("text")).toThrow();
  });
});
