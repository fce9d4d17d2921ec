import { sql, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely } from "kysely";
import { isPostgres } from "../dialect";

/* Written once for both engines: only the auto-increment key differs. */
function withId<T extends string>(db: Kysely<unknown>, table: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? table.addColumn("id", "serial", (col) => col.primaryKey())
    : table.addColumn("id", "integer", (col) => col.primaryKey().autoIncrement());
}

const required = (col: ColumnDefinitionBuilder) => col.notNull();

export async function up(db: Kysely<unknown>) {
  await withId(db, db.schema.createTable("users"))
    .addColumn("username", "text", (col) => col.notNull().unique())
    .addColumn("password_hash", "text", required)
    .addColumn("is_admin", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("created_at", "text", required)
    .execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("expires_at", "text", required)
    .addColumn("created_at", "text", required)
    .execute();
  await db.schema.createIndex("sessions_user_id").on("sessions").column("user_id").execute();

  await withId(db, db.schema.createTable("rate_limit_events"))
    .addColumn("bucket", "text", required)
    .addColumn("subject", "text", required)
    .addColumn("created_at", "text", required)
    .execute();
  await db.schema
    .createIndex("rate_limit_events_lookup")
    .on("rate_limit_events")
    .columns(["bucket", "subject", "created_at"])
    .execute();

  await withId(db, db.schema.createTable("services"))
    .addColumn("title", "text", required)
    .addColumn("price_pence", "integer", required)
    .addColumn("description", "text", required)
    .addColumn("category", "text", required)
    .addColumn("icon", "text", required)
    .addColumn("duration", "integer", required)
    .addColumn("sort_order", "integer", (col) => col.notNull().unique())
    .execute();

  await withId(db, db.schema.createTable("products"))
    .addColumn("name", "text", required)
    .addColumn("price_pence", "integer", required)
    .addColumn("description", "text", required)
    .addColumn("image", "text", required)
    .addColumn("created_at", "text", required)
    .execute();

  await withId(db, db.schema.createTable("gallery_categories"))
    .addColumn("name", "text", (col) => col.notNull().unique())
    .execute();

  await withId(db, db.schema.createTable("gallery_items"))
    .addColumn("title", "text", required)
    .addColumn("description", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("image", "text", required)
    .addColumn("category", "text", required)
    .addColumn("stylist", "text")
    .addColumn("created_at", "text", required)
    .execute();
  await db.schema.createIndex("gallery_items_category").on("gallery_items").column("category").execute();

  await withId(db, db.schema.createTable("blog_posts"))
    .addColumn("slug", "text", (col) => col.notNull().unique())
    .addColumn("title", "text", required)
    .addColumn("author", "text", required)
    .addColumn("category", "text", required)
    .addColumn("image", "text")
    .addColumn("summary", "text", required)
    .addColumn("content", "text", required)
    .addColumn("tags", "text", required)
    .addColumn("created_at", "text", required)
    .addColumn("updated_at", "text", required)
    .execute();

  await withId(db, db.schema.createTable("media"))
    .addColumn("name", "text", required)
    .addColumn("filename", "text", (col) => col.notNull().unique())
    .addColumn("url", "text", required)
    .addColumn("width", "integer", required)
    .addColumn("height", "integer", required)
    .addColumn("size_bytes", "integer", required)
    .addColumn("created_at", "text", required)
    .execute();

  await withId(db, db.schema.createTable("contact_submissions"))
    .addColumn("name", "text", required)
    .addColumn("email", "text", required)
    .addColumn("phone", "text", required)
    .addColumn("message", "text", required)
    .addColumn("status", "text", required)
    .addColumn("error", "text")
    .addColumn("created_at", "text", required)
    .execute();

  await withId(db, db.schema.createTable("booking_slots"))
    .addColumn("date", "text", required)
    .addColumn("start_time", "text", required)
    .addColumn("end_time", "text", required)
    .addColumn("status", "text", required)
    .addColumn("created_at", "text", required)
    .execute();
  await db.schema.createIndex("booking_slots_date_start").on("booking_slots").columns(["date", "start_time"]).execute();

  await withId(db, db.schema.createTable("bookings"))
    .addColumn("slot_id", "integer", (col) => col.notNull().references("booking_slots.id").onDelete("cascade"))
    .addColumn("reference", "text", (col) => col.notNull().unique())
    .addColumn("manage_token_hash", "text", (col) => col.notNull().unique())
    .addColumn("customer_name", "text", required)
    .addColumn("customer_email", "text", required)
    .addColumn("customer_phone", "text", required)
    .addColumn("notes", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("total_pence", "integer", required)
    .addColumn("duration_minutes", "integer", required)
    .addColumn("status", "text", required)
    .addColumn("cancelled_by", "text")
    .addColumn("mail_status", "text", required)
    .addColumn("mail_error", "text")
    .addColumn("created_at", "text", required)
    .addColumn("cancelled_at", "text")
    .execute();
  // The last line of defence against a double booking: one confirmed booking per slot.
  await db.schema
    .createIndex("bookings_one_confirmed_per_slot")
    .on("bookings")
    .column("slot_id")
    .unique()
    .where(sql.ref("status"), "=", "confirmed")
    .execute();

  await db.schema
    .createTable("booking_services")
    .addColumn("booking_id", "integer", (col) => col.notNull().references("bookings.id").onDelete("cascade"))
    .addColumn("position", "integer", required)
    .addColumn("service_id", "integer", (col) => col.references("services.id").onDelete("set null"))
    .addColumn("title", "text", required)
    .addColumn("price_pence", "integer", required)
    .addColumn("duration", "integer", required)
    .addPrimaryKeyConstraint("booking_services_pk", ["booking_id", "position"])
    .execute();

  await withId(db, db.schema.createTable("faqs"))
    .addColumn("question", "text", required)
    .addColumn("answer", "text", required)
    .addColumn("category", "text", required)
    .addColumn("sort_order", "integer", (col) => col.notNull().defaultTo(0))
    .execute();

  await withId(db, db.schema.createTable("barbers"))
    .addColumn("slug", "text", (col) => col.notNull().unique())
    .addColumn("place_id", "text", (col) => col.unique())
    .addColumn("name", "text", required)
    .addColumn("formatted_address", "text", required)
    .addColumn("weekday_text", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("rating", "real")
    .addColumn("user_ratings_total", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("formatted_phone_number", "text")
    .addColumn("lat", "real")
    .addColumn("lng", "real")
    .addColumn("updated_at", "text", required)
    .execute();
}

export async function down(db: Kysely<unknown>) {
  for (const table of [
    "barbers",
    "faqs",
    "booking_services",
    "bookings",
    "booking_slots",
    "contact_submissions",
    "media",
    "blog_posts",
    "gallery_items",
    "gallery_categories",
    "products",
    "services",
    "rate_limit_events",
    "sessions",
    "users",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
