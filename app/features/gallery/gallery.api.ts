import type { AppContext } from "~/context";
import { z } from "zod";
import { apiDoc } from "~/lib/api-docs.server";
import { apiRouter, mountAdminWrites, parseInput } from "~/lib/api.server";
import {
  galleryCategoryFormSchema,
  galleryCategorySchema,
  galleryItemFormSchema,
  galleryItemSchema,
  galleryListQuerySchema,
} from "./gallery.schema";
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
  const categories = apiDoc({
    summary: "The categories, each with how many items use it",
    responses: { 200: ["The categories", z.array(galleryCategorySchema)] },
  });
  router.get("/categories", categories, async (_req, res) => {
    res.json(await listGalleryCategories(db));
  });
  mountAdminWrites(router, db, {
    what: "Gallery category",
    base: "/categories",
    schema: galleryCategoryFormSchema,
    item: galleryCategorySchema,
    create: createGalleryCategory,
    remove: deleteGalleryCategory,
  });

  const items = apiDoc({
    summary: "The gallery's pictures, optionally of one category (matched in any case)",
    query: galleryListQuerySchema,
    responses: { 200: ["The items", z.array(galleryItemSchema)] },
  });
  router.get("/", items, async (req, res) => {
    res.json(await listGalleryItems(db, parseInput(galleryListQuerySchema, req.query)));
  });
  mountAdminWrites(router, db, {
    what: "Gallery item",
    schema: galleryItemFormSchema,
    item: galleryItemSchema,
    create: createGalleryItem,
    update: updateGalleryItem,
    remove: deleteGalleryItem,
  });
  return router;
}
