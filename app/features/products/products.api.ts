import type { AppContext } from "~/context";
import { z } from "zod";
import { apiDoc } from "~/lib/api-docs.server";
import { apiRouter, mountAdminWrites, parseInput } from "~/lib/api.server";
import { productFormSchema, productListQuerySchema, productSchema } from "./products.schema";
import { createProduct, deleteProduct, listProducts, updateProduct } from "./products.server";

export function productsApi({ db }: AppContext) {
  const router = apiRouter();

  const listed = apiDoc({
    summary: "The products, sorted (featured when the sort is missing or unknown)",
    query: productListQuerySchema,
    responses: { 200: ["The products", z.array(productSchema)] },
  });
  router.get("/", listed, async (req, res) => {
    res.json(await listProducts(db, parseInput(productListQuerySchema, req.query).sort));
  });

  mountAdminWrites(router, db, {
    what: "Product",
    schema: productFormSchema,
    item: productSchema,
    create: createProduct,
    update: updateProduct,
    remove: deleteProduct,
  });
  return router;
}
