import { PostgresAdapter, type Kysely } from "kysely";

export const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;
