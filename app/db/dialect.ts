import { PostgresAdapter, type Kysely } from "kysely";

export const isPostgres = (db: Pick<Kysely<unknown>, "getExecutor">) =>
  db.getExecutor().adapter instanceof PostgresAdapter;
