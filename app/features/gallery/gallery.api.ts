import type { AppContext } from "~/context";
import { apiRouter, mountAdminWrites } from "~/lib/api.server";
import { galleryCategoryFormSchema, galleryItemFormSchema } from "./gallery.schema";
import {
  createGalleryCategory,
  createGalleryItem,
  deleteGalleryCategory,
  deleteGalleryItem,
  listGalleryCategories,
  listGalleryItems,
  updateGalleryItem,
} from "./gallery.server";

export function galleryApi({ db }: AppContext) {
  const router = apiRouter();

  // Declared before "/:id" so "categories" is never read as an item id.
  router.get("/categories", async (_req, res) => {
    res.json(await listGalleryCategories(db));
  });
  mountAdminWrites(router, db, {
    what: "Gallery category",
    base: "/categories",
    schema: galleryCategoryFormSchema,
    create: createGalleryCategory,
    remove: deleteGalleryCategory,
  });

  router.get("/", async (req, res) => {
    const category = typeof req.query.category === "string" ? req.query.category : undefined;
    res.json(await listGalleryItems(db, { category }));
  });
  mountAdminWrites(router, db, {
    what: "Gallery item",
    schema: galleryItemFormSchema,
    create: createGalleryItem,
    update: updateGalleryItem,
    remove: deleteGalleryItem,
  });
  return router;
}
