import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "../../tests/support/test-app";
import { apiReference, type ApiCall, type OpenApiDocument } from "./api-reference.server";

let api: TestApi;
let document: OpenApiDocument;
beforeAll(async () => {
  api = await startTestApi();
  document = (await api.anonymous().get("/api/openapi.json")).body as OpenApiDocument;
});
afterAll(() => api.close());

const calls = () => apiReference(document).groups.flatMap((group) => group.calls);
const call = (method: string, path: string) =>
  calls().find((found) => found.method === method && found.path === path) ?? expect.unreachable(`${method} ${path}`);
const field = (fields: ApiCall["parameters"] | undefined, name: string) => fields?.find((row) => row.name === name);

describe("the API reference page's content", () => {
  it("lists every call of the OpenAPI document once, under its tag", () => {
    const operations = Object.values(document.paths).flatMap((operations) => Object.keys(operations));
    expect(calls()).toHaveLength(operations.length);
    const reference = apiReference(document);
    expect(reference.title).toBe("Oldham Barbers API");
    expect(reference.groups.find((group) => group.tag === "booking-slots")?.calls.length).toBeGreaterThan(0);
  });

  it("flattens a body into rows: types, required, rules in words, nested fields under dotted names", () => {
    const booking = call("POST", "/api/bookings");
    const rows = booking.body?.fields as ApiCall["parameters"];
    expect(field(rows, "customerName")).toMatchObject({ type: "string", required: true, rules: "2–100 characters" });
    expect(field(rows, "services")).toMatchObject({ type: "array of string | number", rules: "1–20 items" });
    expect(field(rows, "notes")).toMatchObject({ type: "string | null", required: false });
    const created = booking.responses.find((response) => response.status === "201")?.payload?.fields;
    // zod's safe-integer bounds on every integer say nothing to a reader.
    expect(field(created as ApiCall["parameters"], "memberId")).toMatchObject({ type: "integer | null", rules: "" });
    expect(field(created as ApiCall["parameters"], "services[].title")).toMatchObject({ type: "string" });
    expect(booking.adminOnly).toBe(false);
  });

  it("gives a list answer a row of its own, then its items' fields", () => {
    const list = call("GET", "/api/services").responses.find((response) => response.status === "200")?.payload;
    expect(list?.fields[0]).toMatchObject({ name: "(the body)", type: "array of object" });
    expect(list?.fields.map((row) => row.name)).toContain("[].title");
  });

  it("marks admin-only calls and lists path parameters", () => {
    const update = call("PUT", "/api/services/{id}");
    expect(update.adminOnly).toBe(true);
    expect(update.parameters).toContainEqual(expect.objectContaining({ name: "id", in: "path", required: true }));
    expect(update.responses.map((response) => response.status)).toEqual(expect.arrayContaining(["401", "403", "404"]));
  });
});
