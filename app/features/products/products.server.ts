import type { Db } from "~/db/client.server";
import type { Row } from "~/db/database";
import { notFound } from "~/lib/http-error";
import type { Product, ProductFormValues, ProductSort } from "./products.schema";
import { toPence, toPounds } from "~/lib/money";

const toProduct = (row: Row<"products">): Product => ({
  id: row.id,
  name: row.name,
  price: toPounds(row.price_pence),
  description: row.description,
  image: row.image,
  stock: row.stock,
  createdAt: row.created_at,
});

const toColumns = (input: ProductFormValues) => ({
  name: input.name,
  price_pence: toPence(input.price),
  description: input.description,
  image: input.image,
  ...(input.stock === undefined ? {} : { stock: input.stock }),
});

export async function listProducts(db: Db, sort: ProductSort = "featured"): Promise<Product[]> {
  let query = db.selectFrom("products").selectAll();
  if (sort === "price-low") query = query.orderBy("price_pence", "asc").orderBy("id", "asc");
  else if (sort === "price-high") query = query.orderBy("price_pence", "desc").orderBy("id", "asc");
  else if (sort === "newest") query = query.orderBy("created_at", "desc").orderBy("id", "desc");
  else query = query.orderBy("id", "asc");
  return (await query.execute()).map(toProduct);
}

export async function createProduct(db: Db, input: ProductFormValues): Promise<Product> {
  const row = await db
    .insertInto("products")
    .values({ ...toColumns(input), created_at: new Date().toISOString() })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toProduct(row);
}

export async function updateProduct(db: Db, id: number, input: ProductFormValues): Promise<Product> {
  const row = await db
    .updateTable("products")
    .set(toColumns(input))
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw notFound("Product");
  return toProduct(row);
}

export async function deleteProduct(db: Db, id: number): Promise<void> {
  const result = await db.deleteFrom("products").where("id", "=", id).executeTakeFirst();
  if (result.numDeletedRows === 0n) throw notFound("Product");
}
