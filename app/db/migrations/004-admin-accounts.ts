import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from "kysely";
import { isPostgres } from "../dialect";

/* Only the auto-increment key differs between the engines. */
function withId<T extends string>(db: Kysely<unknown>, table: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? table.addColumn("id", "serial", (col) => col.primaryKey())
    : table.addColumn("id", "integer", (col) => col.primaryKey().autoIncrement());
}

const required = (col: ColumnDefinitionBuilder) => col.notNull();
const ownedByUser = (col: ColumnDefinitionBuilder) => col.notNull().references("users.id").onDelete("cascade");

/**
 * Two-factor sign-in for admins (an encrypted TOTP secret, hashed single-use recovery codes, the sign-ins
 * waiting for their code) and the audit log of admin writes. SQLite takes one added column per statement.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("users").addColumn("two_factor_secret", "text").execute();
  await db.schema
    .alterTable("users")
    .addColumn("two_factor_enabled", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("users").addColumn("two_factor_last_step", "integer").execute();

  await withId(db, db.schema.createTable("recovery_codes"))
    .addColumn("user_id", "integer", ownedByUser)
    .addColumn("code_hash", "text", required)
    .addColumn("used_at", "text")
    .execute();
  await db.schema.createIndex("recovery_codes_user_id").on("recovery_codes").column("user_id").execute();

  await db.schema
    .createTable("pending_logins")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("user_id", "integer", ownedByUser)
    .addColumn("expires_at", "text", required)
    .addColumn("created_at", "text", required)
    .execute();

  // No foreign key to users: the record of what a removed admin did outlives the account.
  await withId(db, db.schema.createTable("audit_log"))
    .addColumn("actor_id", "integer", required)
    .addColumn("actor_name", "text", required)
    .addColumn("kind", "text", required)
    .addColumn("action", "text", required)
    .addColumn("target_id", "text")
    .addColumn("target_label", "text")
    .addColumn("created_at", "text", required)
    .execute();
  await db.schema.createIndex("audit_log_created_at").on("audit_log").column("created_at").execute();
  await db.schema.createIndex("audit_log_actor_kind").on("audit_log").columns(["actor_name", "kind"]).execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("audit_log").execute();
  await db.schema.dropTable("pending_logins").execute();
  await db.schema.dropTable("recovery_codes").execute();
  for (const column of ["two_factor_last_step", "two_factor_enabled", "two_factor_secret"]) {
    await db.schema.alterTable("users").dropColumn(column).execute();
  }
}
