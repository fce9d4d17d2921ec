import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { expectDocumented } from "../../../tests/support/api-contract";
import { startTestApi, type TestApi, type TestClient, expectWritesRefused } from "../../../tests/support/test-app";
import { FAQ_CATEGORIES } from "./faqs.schema";
import { listFaqs } from "./faqs.server";

const faq = {
  question: "Do I need to book?",
  answer: "Walk-ins are welcome, but booking saves waiting.",
  category: "Bookings",
  order: 1,
};

let api: TestApi;
let admin: TestClient;

beforeAll(async () => {
  api = await startTestApi();
  admin = await api.admin();
});
afterAll(() => api.close());
beforeEach(async () => {
  await api.db.deleteFrom("faqs").execute();
});

const create = async (fields: Record<string, unknown> = {}) => {
  const response = await admin.post("/api/faqs", { ...faq, ...fields });
  await expectDocumented(response);
  expect(response.status).toBe(201);
  return response.body;
};

describe("FAQs API", () => {
  it("creates, lists, updates and deletes an FAQ", async () => {
    const created = await admin.post("/api/faqs", faq);
    await expectDocumented(created);
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ ...faq, id: expect.any(Number) });
    expect((await api.anonymous().get("/api/faqs")).body).toEqual([created.body]);

    const changes = { ...faq, id: created.body.id, answer: "Yes, please.", category: "General", order: 4 };
    const updated = await admin.put(`/api/faqs/${created.body.id}`, changes);
    await expectDocumented(updated);
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual(changes);
    expect((await api.anonymous().get("/api/faqs")).body).toEqual([changes]);

    expect((await admin.delete(`/api/faqs/${created.body.id}`)).status).toBe(204);
    expect((await api.anonymous().get("/api/faqs")).body).toEqual([]);
    expect((await admin.delete(`/api/faqs/${created.body.id}`)).status).toBe(404);
  });

  it("sorts by the spec's category order, then order, then age", async () => {
    await create({ question: "Pay by card?", category: "Payments", order: 0 });
    await create({ question: "Sell wax?", category: "Products", order: 0 });
    await create({ question: "Late?", category: "Bookings", order: 2 });
    await create({ question: "Cancel?", category: "Bookings", order: 1 });
    await create({ question: "Parking?", category: "General", order: 5 });
    await create({ question: "Where?", category: "General", order: 5 });
    await create({ question: "Kids cuts?", category: "Services", order: 0 });
    const expected = ["Parking?", "Where?", "Kids cuts?", "Cancel?", "Late?", "Sell wax?", "Pay by card?"];
    expect((await api.anonymous().get("/api/faqs")).body.map((f: { question: string }) => f.question)).toEqual(
      expected,
    );
    expect((await listFaqs(api.db)).map((f) => f.question)).toEqual(expected);
  });

  it("accepts every spec category and defaults an empty order to 0", async () => {
    for (const category of FAQ_CATEGORIES) expect((await create({ category })).category).toBe(category);
    expect((await create({ order: "" })).order).toBe(0);
    expect((await create({ order: undefined })).order).toBe(0);
    expect((await create({ order: "7" })).order).toBe(7);
  });

  it.each([
    [{ question: "" }, "Question is required"],
    [{ question: undefined }, "Question is required"],
    [{ answer: "  " }, "Answer is required"],
    [{ category: "" }, "Category is required"],
    [{ category: "Haircuts" }, "Category is required"],
    [{ order: "first" }, "Order must be a number"],
    [{ order: 1.5 }, "Order must be a whole number"],
    [{ order: -1 }, "Order must be 0 or more"],
  ])("rejects %j with a clear message and stores nothing", async (patch, message) => {
    const response = await admin.post("/api/faqs", { ...faq, ...patch });
    await expectDocumented(response);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
    expect((await api.anonymous().get("/api/faqs")).body).toEqual([]);
  });

  it("validates updates and leaves the FAQ unchanged", async () => {
    const created = await create();
    const response = await admin.put(`/api/faqs/${created.id}`, { ...faq, answer: "" });
    await expectDocumented(response);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe("Answer is required");
    expect((await api.anonymous().get("/api/faqs")).body).toEqual([created]);
  });

  it("refuses anonymous callers with 401 and non-admins with 403, changing nothing", async () => {
    const existing = await create();
    await expectWritesRefused(api, "/api/faqs", existing.id, { ...faq, question: "Hacked?" });
    expect((await api.anonymous().get("/api/faqs")).body).toEqual([existing]);
  });

  it("answers 404 for an unknown or malformed id", async () => {
    for (const id of ["9999", "abc", "0", "99999999999"]) {
      expect((await admin.put(`/api/faqs/${id}`, faq)).status).toBe(404);
      expect((await admin.delete(`/api/faqs/${id}`)).status).toBe(404);
    }
    expect((await admin.delete("/api/faqs/9999")).body.message).toBe("FAQ not found");
  });
});
