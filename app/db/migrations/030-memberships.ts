import { sql, type Kysely } from "kysely";
import { isPostgres } from "../dialect";

/*
 * Memberships (issue 34, decision 058): the owner's plans (each a Stripe Product and its monthly Price) and the
 * services they cover, the members' subscriptions, and each visit a membership paid for. The database holds a
 * month's visits between 0 and the allowance (CHECK), so two bookings racing for the last visit cannot both
 * take it; the ledger learns which membership an invoice was.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Untyped = Kysely<any>;

function withId(db: Untyped, name: string) {
  const table = db.schema.createTable(name);
  return isPostgres(db)
    ? table.addColumn("id", "serial", (col) => col.primaryKey())
    : table.addColumn("id", "integer", (col) => col.primaryKey().autoIncrement());
}

export async function up(database: Kysely<unknown>) {
  const db = database as Untyped;
  await withId(db, "membership_plans")
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("description", "text")
    .addColumn("monthly_price_pence", "integer", (col) => col.notNull())
    .addColumn("visits_per_month", "integer", (col) => col.notNull())
    .addColumn("stripe_product_id", "text", (col) => col.notNull())
    .addColumn("stripe_price_id", "text", (col) => col.notNull())
    .addColumn("active", "integer", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createTable("membership_plan_services")
    .addColumn("plan_id", "integer", (col) => col.notNull().references("membership_plans.id"))
    .addColumn("service_id", "integer", (col) => col.notNull())
    .addPrimaryKeyConstraint("membership_plan_services_pk", ["plan_id", "service_id"])
    .execute();

  await withId(db, "memberships")
    .addColumn("plan_id", "integer", (col) => col.notNull().references("membership_plans.id"))
    .addColumn("customer_id", "integer", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("checkout_session_id", "text", (col) => col.unique())
    .addColumn("stripe_customer_id", "text")
    .addColumn("stripe_subscription_id", "text", (col) => col.unique())
    .addColumn("stripe_price_id", "text", (col) => col.notNull())
    .addColumn("monthly_price_pence", "integer", (col) => col.notNull())
    .addColumn("visits_per_month", "integer", (col) => col.notNull())
    .addColumn("visits_used", "integer", (col) => col.notNull())
    .addColumn("period_start", "text")
    .addColumn("period_end", "text")
    .addColumn("cancel_at_period_end", "integer", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addCheckConstraint("memberships_visits_in_range", sql`visits_used >= 0 and visits_used <= visits_per_month`)
    .execute();
  await db.schema.createIndex("memberships_customer").on("memberships").column("customer_id").execute();

  await db.schema
    .createTable("membership_visits")
    .addColumn("booking_id", "integer", (col) => col.primaryKey())
    .addColumn("membership_id", "integer", (col) => col.notNull().references("memberships.id"))
    .addColumn("period_start", "text", (col) => col.notNull())
    .addColumn("service_id", "integer", (col) => col.notNull())
    .addColumn("returned_at", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();

  await db.schema.alterTable("money_movements").addColumn("membership_id", "integer").execute();
}

export async function down(database: Kysely<unknown>) {
  const db = database as Untyped;
  await db.schema.alterTable("money_movements").dropColumn("membership_id").execute();
  for (const table of ["membership_visits", "memberships", "membership_plan_services", "membership_plans"]) {
    await db.schema.dropTable(table).execute();
  }
}
