import { sql, type Kysely } from "kysely";
import { isPostgres } from "../dialect";

/*
 * A gift card as a way to pay at the till (issue 31, decision 056): `sale_payments.method` also takes
 * 'gift_card', the payment names its card (`gift_card_id`, so a refund goes back to it), and a refund counts
 * what went back to cards apart from cash and card (`sale_refunds.gift_card_pence`).
 *
 * The method's CHECK was written with the column, so it cannot be altered in place: PostgreSQL drops and adds
 * it by its generated name; SQLite has no way to change a CHECK but rebuilding the table, so its own CREATE
 * statement is read back, the list widened, and the rows copied across (nothing refers to sale_payments).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Untyped = Kysely<any>;

const OLD_METHODS = "'cash', 'card', 'card_on_file'";
const NEW_METHODS = "'cash', 'card', 'card_on_file', 'gift_card'";

const INDEXES = [
  sql`create index sale_payments_sale on sale_payments (sale_id)`,
  sql`create index sale_payments_date on sale_payments (date)`,
  sql`create index sale_payments_intent on sale_payments (stripe_payment_intent_id)`,
  sql`create unique index sale_payments_one_per_reader on sale_payments (reader_id) where status = 'processing' and reader_id is not null`,
];

async function allowMethods(db: Untyped, from: string, to: string) {
  if (isPostgres(db)) {
    await sql
      .raw(
        `alter table sale_payments drop constraint sale_payments_method_check,
           add constraint sale_payments_method_check check (method in (${to}))`,
      )
      .execute(db);
    return;
  }
  const { rows } = await sql<{
    sql: string;
  }>`select sql from sqlite_master where type = 'table' and name = 'sale_payments'`.execute(db);
  const create = rows[0]!.sql;
  if (!create.includes(`(${from})`)) throw new Error("sale_payments is not as migration 027 made it");
  const widened = create
    .replace(`(${from})`, `(${to})`)
    .replace(/^create table "?sale_payments"?/i, 'create table "sale_payments_next"');
  await sql.raw(widened).execute(db);
  await sql`insert into sale_payments_next select * from sale_payments`.execute(db);
  await sql`drop table sale_payments`.execute(db);
  await sql`alter table sale_payments_next rename to sale_payments`.execute(db);
  for (const index of INDEXES) await index.execute(db);
}

export async function up(database: Kysely<unknown>) {
  const db = database as Untyped;
  await allowMethods(db, OLD_METHODS, NEW_METHODS);
  await db.schema.alterTable("sale_payments").addColumn("gift_card_id", "integer").execute();
  await db.schema
    .alterTable("sale_refunds")
    .addColumn("gift_card_pence", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(database: Kysely<unknown>) {
  const db = database as Untyped;
  await db.schema.alterTable("sale_refunds").dropColumn("gift_card_pence").execute();
  await db.deleteFrom("sale_payments").where("method", "=", "gift_card").execute();
  await db.schema.alterTable("sale_payments").dropColumn("gift_card_id").execute();
  await allowMethods(db, NEW_METHODS, OLD_METHODS);
}
