import type { Db } from "~/db/client.server";
import type { Row } from "~/db/database";
import { retryOnUniqueViolation } from "~/db/errors";
import { conflict, notFound } from "~/lib/http-error";
import { orderInUseMessage, type Service, type ServiceCategory, type ServiceFormValues } from "./services.schema";
import { toPence, toPounds } from "~/lib/money";

const toService = (row: Row<"services">): Service => ({
  id: row.id,
  title: row.title,
  price: toPounds(row.price_pence),
  description: row.description,
  category: row.category as ServiceCategory,
  icon: row.icon,
  duration: row.duration,
  order: row.sort_order,
});

export async function listServices(db: Db): Promise<Service[]> {
  const rows = await db.selectFrom("services").selectAll().orderBy("sort_order").orderBy("id").execute();
  return rows.map(toService);
}

export async function findServicesByIds(db: Db, ids: number[]): Promise<Service[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom("services").selectAll().where("id", "in", ids).orderBy("sort_order").execute();
  return rows.map(toService);
}

async function assertOrderFree(db: Db, order: number, exceptId?: number) {
  let query = db.selectFrom("services").select("id").where("sort_order", "=", order);
  if (exceptId !== undefined) query = query.where("id", "!=", exceptId);
  if (await query.executeTakeFirst()) throw conflict(orderInUseMessage(order));
}

async function nextOrder(db: Db) {
  const { highest } = await db
    .selectFrom("services")
    .select((eb) => eb.fn.max("sort_order").as("highest"))
    .executeTakeFirstOrThrow();
  return Number(highest ?? 0) + 1;
}

const toColumns = (input: ServiceFormValues) => ({
  title: input.title,
  price_pence: toPence(input.price),
  description: input.description,
  category: input.category,
  icon: input.icon,
  duration: input.duration,
});

/*
 * Two admins saving at once may both find an order free (or both take highest + 1); the
 * unique index refuses the second, whose retry then takes the next order, or meets the
 * spec's message for an order it chose itself.
 */
export async function createService(db: Db, input: ServiceFormValues): Promise<Service> {
  return retryOnUniqueViolation(() =>
    db.transaction().execute(async (trx) => {
      // A chosen order is checked for the spec's message; highest + 1 is left to the unique index.
      const order = input.order ? input.order : await nextOrder(trx);
      if (input.order) await assertOrderFree(trx, order);
      const row = await trx
        .insertInto("services")
        .values({ ...toColumns(input), sort_order: order })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toService(row);
    }),
  );
}

export async function updateService(db: Db, id: number, input: ServiceFormValues): Promise<Service> {
  return retryOnUniqueViolation(() =>
    db.transaction().execute(async (trx) => {
      const existing = await trx.selectFrom("services").select("sort_order").where("id", "=", id).executeTakeFirst();
      if (!existing) throw notFound("Service");
      const order = input.order ? input.order : existing.sort_order;
      await assertOrderFree(trx, order, id);
      const row = await trx
        .updateTable("services")
        .set({ ...toColumns(input), sort_order: order })
        .where("id", "=", id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return toService(row);
    }),
  );
}

export async function deleteService(db: Db, id: number): Promise<void> {
  const result = await db.deleteFrom("services").where("id", "=", id).executeTakeFirst();
  if (result.numDeletedRows === 0n) throw notFound("Service");
}
