import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { expectDocumented } from "../../../tests/support/api-contract";
import { startTestApi, type TestApi, type TestClient, expectWritesRefused } from "../../../tests/support/test-app";
import { BLOG_CATEGORIES } from "./blog.schema";
import { getPostBySlug, listPosts } from "./blog.server";

const post = {
  title: "How to Keep a Fade Fresh",
  content: "Book a tidy-up every two weeks.\nUse a light matte product.",
  summary: "Simple habits that keep a fade looking sharp.",
  image: "/uploads/fade.webp",
  author: "Danny",
  category: "Hair Care",
  tags: "fade, maintenance",
};

let api: TestApi;
let admin: TestClient;

beforeAll(async () => {
  api = await startTestApi();
  admin = await api.admin();
});
afterAll(() => api.close());
beforeEach(async () => {
  await api.db.deleteFrom("blog_posts").execute();
});

const create = async (fields: Partial<Record<keyof typeof post, unknown>> & Record<string, unknown> = {}) => {
  const response = await admin.post("/api/blog", { ...post, ...fields });
  expect(response.status).toBe(201);
  return response.body;
};

describe("blog API", () => {
  it("creates, reads by slug, updates and deletes a post", async () => {
    const created = await admin.post("/api/blog", post);
    await expectDocumented(created);
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      ...post,
      id: expect.any(Number),
      slug: "how-to-keep-a-fade-fresh",
      createdAt: expect.any(String),
      updatedAt: created.body.createdAt,
    });
    expect(new Date(created.body.createdAt).toISOString()).toBe(created.body.createdAt);

    const one = await api.anonymous().get("/api/blog/post/how-to-keep-a-fade-fresh");
    await expectDocumented(one);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(created.body);
    expect((await api.anonymous().get("/api/blog")).body).toEqual([created.body]);

    const changes = { ...post, id: created.body.id, content: "New advice.", image: "" };
    const updated = await admin.put(`/api/blog/${created.body.id}`, changes);
    await expectDocumented(updated);
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      content: "New advice.",
      image: null,
      slug: created.body.slug,
      createdAt: created.body.createdAt,
    });

    expect((await admin.delete(`/api/blog/${created.body.id}`)).status).toBe(204);
    expect((await admin.delete(`/api/blog/${created.body.id}`)).status).toBe(404);
    const gone = await api.anonymous().get("/api/blog/post/how-to-keep-a-fade-fresh");
    await expectDocumented(gone);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ message: "Blog post not found" });
  });

  it("lists the newest post first", async () => {
    const first = await create({ title: "First" });
    const second = await create({ title: "Second" });
    await api.db
      .updateTable("blog_posts")
      .set({ created_at: "2020-01-01T00:00:00.000Z" })
      .where("id", "=", second.id)
      .execute();
    await create({ title: "Third" });
    const list = (await api.anonymous().get("/api/blog")).body.map((p: { title: string }) => p.title);
    expect(list).toEqual(["Third", "First", "Second"]);
    expect((await listPosts(api.db)).map((p) => p.id)).toContain(first.id);
  });

  it("generates the slug from the title, ignoring a slug the client sends", async () => {
    expect((await create({ title: "  Beard Oil: 5 Myths -- Busted!  ", slug: "my-own-slug" })).slug).toBe(
      "beard-oil-5-myths-busted",
    );
    expect((await create({ title: "Café Culture & Cuts" })).slug).toBe("cafe-culture-cuts");
    expect((await create({ title: "!!!" })).slug).toBe("post");
    expect((await getPostBySlug(api.db, "post")).title).toBe("!!!");
  });

  it("keeps slugs unique with -2, -3 … and regenerates the slug from a new title on update", async () => {
    const a = await create();
    const b = await create();
    const c = await create({ title: "How to keep a FADE fresh?" });
    expect([a.slug, b.slug, c.slug]).toEqual([
      "how-to-keep-a-fade-fresh",
      "how-to-keep-a-fade-fresh-2",
      "how-to-keep-a-fade-fresh-3",
    ]);

    const renamed = await admin.put(`/api/blog/${b.id}`, { ...post, title: "Beard Basics", slug: "ignored" });
    await expectDocumented(renamed);
    expect(renamed.body.slug).toBe("beard-basics");
    expect((await api.anonymous().get("/api/blog/post/how-to-keep-a-fade-fresh-2")).status).toBe(404);
    expect((await api.anonymous().get("/api/blog/post/beard-basics")).body.id).toBe(b.id);

    const same = await admin.put(`/api/blog/${c.id}`, {
      ...post,
      title: "How to keep a FADE fresh?",
      content: "Edited.",
    });
    expect(same.body.slug).toBe("how-to-keep-a-fade-fresh-3");
    const freed = await create();
    expect(freed.slug).toBe("how-to-keep-a-fade-fresh-2");
  });

  it("normalises tags to a, b, c", async () => {
    expect((await create({ tags: " fade ,, beard,  Fade ,styling , " })).tags).toBe("fade, beard, styling");
  });

  it("accepts every spec category", async () => {
    for (const category of BLOG_CATEGORIES) expect((await create({ category })).category).toBe(category);
  });

  it.each([
    [{ title: "" }, "Title is required"],
    [{ content: "  " }, "Content is required"],
    [{ content: undefined }, "Content is required"],
    [{ summary: "" }, "Summary is required"],
    [{ author: "" }, "Author is required"],
    [{ category: "" }, "Category is required"],
    [{ category: "Gossip" }, "Category is required"],
    [{ tags: "" }, "At least one tag is required"],
    [{ tags: " , ,, " }, "At least one tag is required"],
    [{ tags: undefined }, "At least one tag is required"],
    [{ image: "javascript:alert(1)" }, "Image must be an uploaded image (/uploads/…) or a web address (https://…)"],
  ])("rejects %j with the spec's message and stores nothing", async (patch, message) => {
    const response = await admin.post("/api/blog", { ...post, ...patch });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
    expect((await api.anonymous().get("/api/blog")).body).toEqual([]);
  });

  it("takes the image as optional", async () => {
    expect((await create({ image: undefined })).image).toBeNull();
    expect((await create({ image: "" })).image).toBeNull();
  });

  it("validates updates and leaves the post unchanged", async () => {
    const created = await create();
    const response = await admin.put(`/api/blog/${created.id}`, { ...post, title: "" });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe("Title is required");
    expect((await api.anonymous().get("/api/blog")).body).toEqual([created]);
  });

  it("refuses anonymous callers with 401 and non-admins with 403, changing nothing", async () => {
    const existing = await create();
    await expectWritesRefused(api, "/api/blog", existing.id, { ...post, title: "Hacked" });
    expect((await api.anonymous().get("/api/blog")).body).toEqual([existing]);
  });

  it("answers 404 for an unknown or malformed id and an unknown slug", async () => {
    for (const id of ["9999", "abc", "0", "1.0"]) {
      expect((await admin.put(`/api/blog/${id}`, post)).status).toBe(404);
      expect((await admin.delete(`/api/blog/${id}`)).status).toBe(404);
    }
    const missing = await api.anonymous().get("/api/blog/post/no-such-post");
    await expectDocumented(missing);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe("Blog post not found");
  });
});
