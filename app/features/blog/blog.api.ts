import type { AppContext } from "~/context";
import { z } from "zod";
import { apiDoc } from "~/lib/api-docs.server";
import { apiRouter, mountAdminWrites } from "~/lib/api.server";
import { blogPostFormSchema, blogPostSchema } from "./blog.schema";
import { createPost, deletePost, getPostBySlug, listPosts, updatePost } from "./blog.server";

export function blogApi({ db }: AppContext) {
  const router = apiRouter();

  const listed = apiDoc({
    summary: "The posts, newest first",
    responses: { 200: ["The posts", z.array(blogPostSchema)] },
  });
  router.get("/", listed, async (_req, res) => {
    res.json(await listPosts(db));
  });

  const bySlug = apiDoc({ summary: "One post by its slug", responses: { 200: ["The post", blogPostSchema] } });
  router.get("/post/:slug", bySlug, async (req, res) => {
    res.json(await getPostBySlug(db, req.params.slug));
  });

  // A client-sent slug is ignored: the schema drops it and the server derives one from the title.
  mountAdminWrites(router, db, {
    what: "Blog post",
    schema: blogPostFormSchema,
    item: blogPostSchema,
    create: createPost,
    update: updatePost,
    remove: deletePost,
  });
  return router;
}
