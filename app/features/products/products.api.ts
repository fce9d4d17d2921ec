import type { AppContext } from "~/context";
import { apiRouter, mountAdminWrites } from "~/lib/api.server";
import { parseProductSort, productFormSchema } from "./products.schema";
import { createProduct, deleteProduct, listProducts, updateProduct } from "./products.server";

export function productsApi({ db }: AppContext) {
  const router = apiRouter();

  router.get("/", async (req, res) => {
    res.json(await listProducts(db, parseProductSort(req.query.sort)));
  });

  mountAdminWrites(router, db, {
    what: "Product",
    schema: productFormSchema,
    create: createProduct,
    update: updateProduct,
    remove: deleteProduct,
  });
  return router;
}
