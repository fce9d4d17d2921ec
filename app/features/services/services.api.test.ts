import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectDocumented } from "../../../tests/support/api-contract";
import { startTestApi, type TestApi, type TestClient } from "../../../tests/support/test-app";

const cut = {
  title: "Skin Fade",
  price: 18.5,
  description: "Clipper fade to the skin.",
  category: "hair",
  icon: "Scissors",
  duration: 40,
  order: 1,
};

let api: TestApi;
let admin: TestClient;

beforeAll(async () => {
  api = await startTestApi({ onDisk: true });
  admin = await api.admin();
});
afterAll(() => api.close());

describe("services API", () => {
  it("creates, lists in order, updates and deletes a service", async () => {
    const created = await admin.post("/api/services", cut);
    await expectDocumented(created);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ...cut, id: expect.any(Number) });

    const second = await admin.post("/api/services", { ...cut, title: "Beard Trim", category: "beard", order: 0 });
    await expectDocumented(second);
    expect(second.body.order).toBe(2);

    const list = await api.anonymous().get("/api/services");
    await expectDocumented(list);
    expect(list.status).toBe(200);
    expect(list.body.map((s: { title: string }) => s.title)).toEqual(["Skin Fade", "Beard Trim"]);

    const updated = await admin.put(`/api/services/${created.body.id}`, {
      ...cut,
      id: created.body.id,
      price: 20,
      order: 5,
    });
    await expectDocumented(updated);
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ price: 20, order: 5 });
    expect((await api.anonymous().get("/api/services")).body[0].title).toBe("Beard Trim");

    expect((await admin.delete(`/api/services/${created.body.id}`)).status).toBe(204);
    expect((await admin.delete(`/api/services/${created.body.id}`)).status).toBe(404);
    await admin.delete(`/api/services/${second.body.id}`);
  });

  it("refuses a taken order with the spec's message and keeps the list unchanged", async () => {
    const first = await admin.post("/api/services", { ...cut, order: 7 });
    const clash = await admin.post("/api/services", { ...cut, title: "Other", order: 7 });
    await expectDocumented(clash);
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe("Order number 7 is already in use. Please choose a different number.");
    expect((await api.anonymous().get("/api/services")).body).toHaveLength(1);
    await admin.delete(`/api/services/${first.body.id}`);
  });

  it("gives each of several services added at once an order of its own", async () => {
    const added = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        admin.post("/api/services", { ...cut, title: `Rush ${index}`, order: 0 }),
      ),
    );
    expect(added.map((response) => response.status)).toEqual(Array(8).fill(201));
    const orders = added.map((response) => response.body.order as number);
    expect([...orders].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    for (const response of added) await admin.delete(`/api/services/${response.body.id}`);
  });

  it("of two services saved at once with the same order, keeps one and answers the other with the spec's message", async () => {
    const both = await Promise.all(
      ["First", "Second"].map((title) => admin.post("/api/services", { ...cut, title, order: 4 })),
    );
    expect(both.map((response) => response.status).sort()).toEqual([201, 409]);
    expect(both.find((response) => response.status === 409)?.body.message).toBe(
      "Order number 4 is already in use. Please choose a different number.",
    );
    expect((await api.anonymous().get("/api/services")).body).toHaveLength(1);
    await admin.delete(`/api/services/${both.find((response) => response.status === 201)?.body.id}`);
  });

  it("gives an empty order the highest order plus one", async () => {
    const a = await admin.post("/api/services", { ...cut, order: 10 });
    const b = await admin.post("/api/services", { ...cut, order: "" });
    expect(b.status).toBe(201);
    expect(b.body.order).toBe(11);
    await admin.delete(`/api/services/${a.body.id}`);
    await admin.delete(`/api/services/${b.body.id}`);
  });

  it.each([
    [{ title: "" }, "Title is required"],
    [{ price: -1 }, "Price must be positive"],
    [{ price: "abc" }, "Price must be positive"],
    [{ description: "  " }, "Description is required"],
    [{ category: "nails" }, "Category is required"],
    [{ icon: "" }, "Icon is required"],
    [{ duration: 0 }, "Duration is required"],
    [{ order: -3 }, "Order must be positive"],
  ])("rejects %j with the spec's message", async (patch, message) => {
    const response = await admin.post("/api/services", { ...cut, ...patch });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
    expect((await api.anonymous().get("/api/services")).body).toHaveLength(0);
  });

  it("refuses anonymous callers with 401 and non-admins with 403, changing nothing", async () => {
    const existing = await admin.post("/api/services", cut);
    const visitor = await api.visitor();
    for (const client of [api.anonymous(), visitor]) {
      const expected = client === visitor ? 403 : 401;
      expect((await client.post("/api/services", { ...cut, order: 3 })).status).toBe(expected);
      expect((await client.put(`/api/services/${existing.body.id}`, { ...cut, title: "Hacked" })).status).toBe(
        expected,
      );
      expect((await client.delete(`/api/services/${existing.body.id}`)).status).toBe(expected);
    }
    expect((await api.anonymous().post("/api/services", cut)).body.message).toBe("Not authenticated");
    const list = await api.anonymous().get("/api/services");
    await expectDocumented(list);
    expect(list.body).toEqual([existing.body]);
    await admin.delete(`/api/services/${existing.body.id}`);
  });

  it("answers 404 for an unknown or malformed id", async () => {
    expect((await admin.put("/api/services/9999", cut)).status).toBe(404);
    expect((await admin.put("/api/services/abc", cut)).status).toBe(404);
    expect((await admin.delete("/api/services/1e3")).status).toBe(404);
  });
});
