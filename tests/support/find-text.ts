import { PostgresAdapter, sql } from "kysely";
import type { Db } from "~/db/client.server";
import { containsText } from "~/db/search";

/*
 * Where a piece of text is held anywhere in the database: every column of every table, as the
 * engine's own catalogue lists them, so a table or column added later is searched too.
 */

export interface TextFound {
  table: string;
  column: string;
  needle: string;
}

async function textColumns(db: Db) {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const { rows } = await sql<{ table: string; column: string }>`
      select table_name as "table", column_name as "column" from information_schema.columns
      where table_schema = current_schema()
        and data_type in ('text', 'character varying', 'character', 'json', 'jsonb')`.execute(db);
    return rows;
  }
  const { rows: tables } = await sql<{ name: string }>`
    select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db);
  const columns = [];
  // SQLite stores text in a column of any declared type: every column is searched.
  for (const { name } of tables) {
    const { rows } = await sql<{ name: string }>`select name from pragma_table_info(${name})`.execute(db);
    columns.push(...rows.map((row) => ({ table: name, column: row.name })));
  }
  return columns;
}

/** Every column holding one of the needles, ignoring case. */
export async function findTextAnywhere(db: Db, needles: string[]): Promise<TextFound[]> {
  const found: TextFound[] = [];
  for (const { table, column } of await textColumns(db)) {
    for (const needle of needles) {
      const text = sql<string>`cast(${sql.ref(column)} as text)`;
      const { rows } = await sql<{ hits: number | string }>`
        select count(*) as hits from ${sql.table(table)} where ${containsText(text, needle)}`.execute(db);
      if (Number(rows[0]?.hits) > 0) found.push({ table, column, needle });
    }
  }
  return found;
}
