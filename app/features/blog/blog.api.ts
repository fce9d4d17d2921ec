import type { AppContext } from "~/context";
import { apiRouter, mountAdminWrites } from "~/lib/api.server";
import { blogPostFormSchema } from "./blog.schema";
import { createPost, deletePost, getPostBySlug, listPosts, updatePost } from "./blog.server";

export function blogApi({ db }: AppContext) {
  const router = apiRouter();

  router.get("/", async (_req, res) => {
    res.json(await listPosts(db));
  });

  router.get("/post/:slug", async (req, res) => {
    res.json(await getPostBySlug(db, req.params.slug));
  });

  // A client-sent slug is ignored: the schema drops it and the server derives one from the title.
  mountAdminWrites(router, db, {
    what: "Blog post",
    schema: blogPostFormSchema,
    create: createPost,
    update: updatePost,
    remove: deletePost,
  });
  return router;
}
