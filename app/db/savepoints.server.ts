import type { Db } from "./client.server";

/*
 * One transaction for many writes that each run in a transaction of their own (an import's rows, each booked
 * through the booking path as the owner books one by hand): inside `work`, `db.transaction()` is a savepoint of
 * the one outer transaction, so a write that fails is rolled back alone and the others stay, while a failure
 * outside them — or a dry run — leaves nothing at all.
 */
export async function withSavepoints<T>(
  db: Db,
  options: { commit: boolean },
  work: (trx: Db) => Promise<T>,
): Promise<T> {
  const outer = await db.startTransaction().execute();
  let count = 0;
  const nested: Db = new Proxy(outer, {
    get(target, property) {
      if (property === "transaction") {
        return () => ({
          async execute<R>(inner: (trx: Db) => Promise<R>): Promise<R> {
            const name = `part_${++count}`;
            const point = await target.savepoint(name).execute();
            try {
              const result = await inner(nested);
              await point.releaseSavepoint(name).execute();
              return result;
            } catch (error) {
              await point.rollbackToSavepoint(name).execute();
              throw error;
            }
          },
        });
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  let result: T;
  try {
    result = await work(nested);
  } catch (error) {
    await outer.rollback().execute();
    throw error;
  }
  await (options.commit ? outer.commit() : outer.rollback()).execute();
  return result;
}
