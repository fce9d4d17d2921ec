import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { expectDocumented } from "../../../tests/support/api-contract";
import {
  startTestApi,
  type TestApi,
  type TestClient,
  expectWritesRefused,
  nonAdminCallers,
} from "../../../tests/support/test-app";
import { listGalleryCategories, listGalleryItems } from "./gallery.server";

const fade = {
  title: "Mid Skin Fade",
  description: "Blended from the skin up to a textured top.",
  image: "/uploads/fade.webp",
  category: "Fades",
  stylist: "Danny",
};

let api: TestApi;
let admin: TestClient;

beforeAll(async () => {
  api = await startTestApi();
  admin = await api.admin();
});
afterAll(() => api.close());

beforeEach(async () => {
  await api.db.deleteFrom("gallery_items").execute();
  await api.db.deleteFrom("gallery_categories").execute();
});

async function addCategory(name: string) {
  const response = await admin.post("/api/gallery/categories", { name });
  await expectDocumented(response);
  expect(response.status).toBe(201);
  return response.body as { id: number; name: string; count: number };
}

const titles = (list: { title: string }[]) => list.map((item) => item.title);

describe("gallery items API", () => {
  it("creates (answering the item), lists, updates and deletes an item", async () => {
    await addCategory("Fades");
    await addCategory("Beards");
    const created = await admin.post("/api/gallery", fade);
    await expectDocumented(created);
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ ...fade, id: expect.any(Number) });

    const list = await api.anonymous().get("/api/gallery");
    await expectDocumented(list);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([created.body]);

    const changes = { ...fade, id: created.body.id, title: "Boxed Beard", category: "Beards", stylist: "" };
    const updated = await admin.put(`/api/gallery/${created.body.id}`, changes);
    await expectDocumented(updated);
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual({ ...changes, stylist: null });
    expect((await api.anonymous().get("/api/gallery")).body).toEqual([updated.body]);

    expect((await admin.delete(`/api/gallery/${created.body.id}`)).status).toBe(204);
    expect((await api.anonymous().get("/api/gallery")).body).toEqual([]);
    expect((await admin.delete(`/api/gallery/${created.body.id}`)).status).toBe(404);
  });

  it("takes description and stylist as optional", async () => {
    await addCategory("Fades");
    const created = await admin.post("/api/gallery", {
      title: "Crop",
      image: "https://example.com/crop.jpg",
      category: "Fades",
    });
    await expectDocumented(created);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ description: "", stylist: null });
  });

  it("lists newest first and filters by category, with All or nothing meaning every item", async () => {
    await addCategory("Fades");
    await addCategory("Beards");
    await admin.post("/api/gallery", { ...fade, title: "Fade 1" });
    await admin.post("/api/gallery", { ...fade, title: "Beard 1", category: "Beards" });
    await admin.post("/api/gallery", { ...fade, title: "Fade 2" });

    const get = async (query: string) => titles((await api.anonymous().get(`/api/gallery${query}`)).body);
    expect(await get("")).toEqual(["Fade 2", "Beard 1", "Fade 1"]);
    expect(await get("?category=All")).toEqual(["Fade 2", "Beard 1", "Fade 1"]);
    expect(await get("?category=")).toEqual(["Fade 2", "Beard 1", "Fade 1"]);
    expect(await get("?category=Fades")).toEqual(["Fade 2", "Fade 1"]);
    expect(await get("?category=beards")).toEqual(["Beard 1"]);
    expect(await get("?category=Mullets")).toEqual([]);
    expect(titles(await listGalleryItems(api.db, { category: "Beards" }))).toEqual(["Beard 1"]);
    expect(titles(await listGalleryItems(api.db))).toHaveLength(3);
  });

  it("stores the category's own spelling and refuses an unknown category", async () => {
    await addCategory("Fades");
    const created = await admin.post("/api/gallery", { ...fade, category: "  fades " });
    await expectDocumented(created);
    expect(created.status).toBe(201);
    expect(created.body.category).toBe("Fades");

    const unknown = await admin.post("/api/gallery", { ...fade, category: "Mullets" });
    await expectDocumented(unknown);
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(
      'There is no gallery category named "Mullets". Choose an existing category or add it first.',
    );
    const badUpdate = await admin.put(`/api/gallery/${created.body.id}`, { ...fade, category: "Mullets" });
    await expectDocumented(badUpdate);
    expect(badUpdate.status).toBe(400);
    expect((await api.anonymous().get("/api/gallery")).body).toEqual([created.body]);
  });

  it.each([
    [{ title: "" }, "Title is required"],
    [{ title: undefined }, "Title is required"],
    [{ image: "" }, "Image is required"],
    [
      { image: "data:image/png;base64,AAAA" },
      "Image must be an uploaded image (/uploads/…) or a web address (https://…)",
    ],
    [{ category: "" }, "Category is required"],
    [{ category: undefined }, "Category is required"],
  ])("rejects %j with a clear message and stores nothing", async (patch, message) => {
    await addCategory("Fades");
    const response = await admin.post("/api/gallery", { ...fade, ...patch });
    await expectDocumented(response);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
    expect((await api.anonymous().get("/api/gallery")).body).toEqual([]);
  });

  it("answers 404 for an unknown or malformed id", async () => {
    await addCategory("Fades");
    for (const id of ["9999", "abc", "0", "2e2"]) {
      expect((await admin.put(`/api/gallery/${id}`, fade)).status).toBe(404);
      expect((await admin.delete(`/api/gallery/${id}`)).status).toBe(404);
    }
    expect((await admin.delete("/api/gallery/9999")).body.message).toBe("Gallery item not found");
  });
});

describe("gallery categories API", () => {
  it("creates with a trimmed name, lists with counts and deletes an unused category", async () => {
    const created = await admin.post("/api/gallery/categories", { name: "  Fades  " });
    await expectDocumented(created);
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(Number), name: "Fades", count: 0 });
    const beards = await addCategory("Beards");
    await addCategory("Crops");
    await admin.post("/api/gallery", fade);
    await admin.post("/api/gallery", { ...fade, title: "Another" });
    await admin.post("/api/gallery", { ...fade, category: "Crops" });

    const list = await api.anonymous().get("/api/gallery/categories");
    await expectDocumented(list);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      { id: beards.id, name: "Beards", count: 0 },
      { id: expect.any(Number), name: "Crops", count: 1 },
      { id: created.body.id, name: "Fades", count: 2 },
    ]);
    expect(await listGalleryCategories(api.db)).toEqual(list.body);

    expect((await admin.delete(`/api/gallery/categories/${beards.id}`)).status).toBe(204);
    expect((await api.anonymous().get("/api/gallery/categories")).body.map((c: { name: string }) => c.name)).toEqual([
      "Crops",
      "Fades",
    ]);
    expect((await admin.delete(`/api/gallery/categories/${beards.id}`)).status).toBe(404);
  });

  it("refuses to delete a category still in use, saying how many items use it", async () => {
    const fades = await addCategory("Fades");
    const crops = await addCategory("Crops");
    for (const title of ["A", "B", "C"]) await admin.post("/api/gallery", { ...fade, title });
    const item = await admin.post("/api/gallery", { ...fade, category: "Crops" });

    const refused = await admin.delete(`/api/gallery/categories/${fades.id}`);
    await expectDocumented(refused);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("This category is used by 3 gallery items. Move or delete them first.");
    const single = await admin.delete(`/api/gallery/categories/${crops.id}`);
    await expectDocumented(single);
    expect(single.body.message).toBe("This category is used by 1 gallery item. Move or delete them first.");
    expect((await api.anonymous().get("/api/gallery/categories")).body).toHaveLength(2);

    await admin.delete(`/api/gallery/${item.body.id}`);
    expect((await admin.delete(`/api/gallery/categories/${crops.id}`)).status).toBe(204);
  });

  it.each([[""], ["   "], [undefined], [42]])("refuses the name %j with the spec's message", async (name) => {
    const response = await admin.post("/api/gallery/categories", { name });
    await expectDocumented(response);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe("Category name cannot be empty");
    expect((await api.anonymous().get("/api/gallery/categories")).body).toEqual([]);
  });

  it("refuses a duplicate name whatever its case", async () => {
    await addCategory("Fades");
    const duplicate = await admin.post("/api/gallery/categories", { name: " FADES " });
    await expectDocumented(duplicate);
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe('A category named "Fades" already exists.');
    expect((await api.anonymous().get("/api/gallery/categories")).body).toHaveLength(1);
  });

  it("answers 404 for an unknown or malformed category id", async () => {
    for (const id of ["9999", "abc", "-3"]) {
      expect((await admin.delete(`/api/gallery/categories/${id}`)).status).toBe(404);
    }
    expect((await admin.delete("/api/gallery/categories/9999")).body.message).toBe("Gallery category not found");
  });
});

describe("gallery admin refusal", () => {
  it("refuses anonymous callers with 401 and non-admins with 403 on every write, changing nothing", async () => {
    const used = await addCategory("Fades");
    const unused = await addCategory("Crops");
    const item = await admin.post("/api/gallery", fade);
    await expectWritesRefused(api, "/api/gallery", item.body.id, { ...fade, title: "Hacked" });
    for (const [client, status] of await nonAdminCallers(api)) {
      expect((await client.post("/api/gallery/categories", { name: "Mullets" })).status).toBe(status);
      expect((await client.delete(`/api/gallery/categories/${unused.id}`)).status).toBe(status);
    }
    expect((await api.anonymous().get("/api/gallery")).body).toEqual([item.body]);
    expect((await api.anonymous().get("/api/gallery/categories")).body).toEqual([unused, { ...used, count: 1 }]);
  });
});
