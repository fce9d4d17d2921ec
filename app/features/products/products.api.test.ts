import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectDocumented } from "../../../tests/support/api-contract";
import { startTestApi, type TestApi, type TestClient, expectWritesRefused } from "../../../tests/support/test-app";
import { PRODUCT_SORTS, PRODUCT_SORT_LABELS, productListQuerySchema } from "./products.schema";
import { listProducts } from "./products.server";

const pomade = {
  name: "Matte Clay Pomade",
  price: 14.99,
  description: "Strong hold, no shine.",
  image: "/uploads/pomade.webp",
};

let api: TestApi;
let admin: TestClient;

beforeAll(async () => {
  api = await startTestApi();
  admin = await api.admin();
});
afterAll(() => api.close());

const names = (list: { name: string }[]) => list.map((product) => product.name);

async function clear() {
  await api.db.deleteFrom("products").execute();
}

describe("products API", () => {
  it("creates, lists, updates and deletes a product", async () => {
    const created = await admin.post("/api/products", pomade);
    await expectDocumented(created);
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ ...pomade, id: expect.any(Number), stock: null, createdAt: expect.any(String) });
    expect(new Date(created.body.createdAt).toISOString()).toBe(created.body.createdAt);

    const list = await api.anonymous().get("/api/products");
    await expectDocumented(list);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([created.body]);

    const changes = {
      ...pomade,
      id: created.body.id,
      name: "Fibre Paste",
      price: 12,
      image: "https://example.com/paste.jpg",
      stock: 4,
    };
    const updated = await admin.put(`/api/products/${created.body.id}`, changes);
    await expectDocumented(updated);
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual({ ...changes, createdAt: created.body.createdAt });
    expect((await api.anonymous().get("/api/products")).body).toEqual([updated.body]);
    // A client that does not know stock (sends none) keeps the count; a negative one is refused.
    const { stock: _stock, ...withoutStock } = changes;
    expect((await admin.put(`/api/products/${created.body.id}`, withoutStock)).body.stock).toBe(4);
    expect((await admin.put(`/api/products/${created.body.id}`, { ...changes, stock: -1 })).status).toBe(400);

    expect((await admin.delete(`/api/products/${created.body.id}`)).status).toBe(204);
    expect((await api.anonymous().get("/api/products")).body).toEqual([]);
    expect((await admin.delete(`/api/products/${created.body.id}`)).status).toBe(404);
  });

  it("keeps prices in pence exactly", async () => {
    const created = await admin.post("/api/products", { ...pomade, price: "0.1" });
    await expectDocumented(created);
    expect(created.body.price).toBe(0.1);
    const row = await api.db
      .selectFrom("products")
      .select("price_pence")
      .where("id", "=", created.body.id)
      .executeTakeFirstOrThrow();
    expect(row.price_pence).toBe(10);
    await clear();
  });

  it("sorts by the shop's order, price either way and newest first", async () => {
    for (const [name, price] of [
      ["Beard Oil", 9.5],
      ["Shampoo", 6],
      ["Hair Wax", 12],
      ["Comb", 6],
    ] as const) {
      expect((await admin.post("/api/products", { ...pomade, name, price })).status).toBe(201);
    }
    const get = async (query: string) => names((await api.anonymous().get(`/api/products${query}`)).body);
    expect(await get("")).toEqual(["Beard Oil", "Shampoo", "Hair Wax", "Comb"]);
    expect(await get("?sort=featured")).toEqual(["Beard Oil", "Shampoo", "Hair Wax", "Comb"]);
    expect(await get("?sort=price-low")).toEqual(["Shampoo", "Comb", "Beard Oil", "Hair Wax"]);
    expect(await get("?sort=price-high")).toEqual(["Hair Wax", "Beard Oil", "Shampoo", "Comb"]);
    expect(await get("?sort=newest")).toEqual(["Comb", "Hair Wax", "Shampoo", "Beard Oil"]);
    expect(await get("?sort=cheapest")).toEqual(["Beard Oil", "Shampoo", "Hair Wax", "Comb"]);
    expect(await get("?sort=a&sort=b")).toEqual(["Beard Oil", "Shampoo", "Hair Wax", "Comb"]);
    expect(names(await listProducts(api.db, "price-high"))).toEqual(await get("?sort=price-high"));
    await clear();
  });

  it("names every sort for the dropdown and reads unknown sorts as featured", () => {
    expect(PRODUCT_SORTS.map((sort) => PRODUCT_SORT_LABELS[sort])).toEqual([
      "Featured",
      "Price: Low to High",
      "Price: High to Low",
      "Newest",
    ]);
    const sortOf = (query: object) => productListQuerySchema.parse(query).sort;
    expect(sortOf({ sort: "newest" })).toBe("newest");
    expect(sortOf({})).toBe("featured");
    expect(sortOf({ sort: ["newest"] })).toBe("featured");
  });

  it.each([
    [{ name: "" }, "Name is required"],
    [{ name: undefined }, "Name is required"],
    [{ price: -0.01 }, "Price must be positive"],
    [{ price: "" }, "Price must be positive"],
    [{ price: "ten" }, "Price must be positive"],
    [{ description: " " }, "Description is required"],
    [{ image: "" }, "Image is required"],
    [{ image: "javascript:alert(1)" }, "Image must be an uploaded image (/uploads/…) or a web address (https://…)"],
    [{ image: "//evil.example/x.png" }, "Image must be an uploaded image (/uploads/…) or a web address (https://…)"],
  ])("rejects %j with a clear message and stores nothing", async (patch, message) => {
    const response = await admin.post("/api/products", { ...pomade, ...patch });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
    expect((await api.anonymous().get("/api/products")).body).toEqual([]);
  });

  it("validates updates too and leaves the product unchanged", async () => {
    const created = await admin.post("/api/products", pomade);
    await expectDocumented(created);
    const response = await admin.put(`/api/products/${created.body.id}`, { ...pomade, name: "" });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe("Name is required");
    expect((await api.anonymous().get("/api/products")).body).toEqual([created.body]);
    await clear();
  });

  it("refuses anonymous callers with 401 and non-admins with 403, changing nothing", async () => {
    const existing = await admin.post("/api/products", pomade);
    await expectWritesRefused(api, "/api/products", existing.body.id, { ...pomade, name: "Hacked" });
    expect((await api.anonymous().get("/api/products")).body).toEqual([existing.body]);
    await clear();
  });

  it("answers 404 for an unknown or malformed id", async () => {
    for (const id of ["9999", "abc", "0", "-1", "1.5"]) {
      expect((await admin.put(`/api/products/${id}`, pomade)).status).toBe(404);
      expect((await admin.delete(`/api/products/${id}`)).status).toBe(404);
    }
    expect((await admin.put("/api/products/9999", pomade)).body.message).toBe("Product not found");
  });
});
