import { sql, type Kysely } from "kysely";

/*
 * How each team member is paid (issue 32, decision 054): on commission (a share of what their services and
 * products took, in basis points so half percents stay whole numbers), renting the chair (pence a week or a
 * calendar month), or nothing the books work out (the owner, a salaried barber: the default).
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .alterTable("team_members")
    .addColumn("pay_kind", "text", (col) =>
      col
        .notNull()
        .defaultTo("none")
        .check(sql`pay_kind in ('none', 'commission', 'chairRent')`),
    )
    .execute();
  await db.schema
    .alterTable("team_members")
    .addColumn("pay_service_bp", "integer", (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`pay_service_bp between 0 and 10000 and pay_service_bp % 50 = 0`),
    )
    .execute();
  await db.schema
    .alterTable("team_members")
    .addColumn("pay_product_bp", "integer", (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`pay_product_bp between 0 and 10000 and pay_product_bp % 50 = 0`),
    )
    .execute();
  await db.schema
    .alterTable("team_members")
    .addColumn("pay_rent_pence", "integer", (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`pay_rent_pence >= 0`),
    )
    .execute();
  await db.schema
    .alterTable("team_members")
    .addColumn("pay_rent_period", "text", (col) =>
      col
        .notNull()
        .defaultTo("week")
        .check(sql`pay_rent_period in ('week', 'month')`),
    )
    .execute();
  // The books find the bookings made in a period (the rebooking rate) without reading every booking.
  await db.schema.createIndex("bookings_created_at").on("bookings").column("created_at").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropIndex("bookings_created_at").execute();
  for (const column of ["pay_rent_period", "pay_rent_pence", "pay_product_bp", "pay_service_bp", "pay_kind"]) {
    await db.schema.alterTable("team_members").dropColumn(column).execute();
  }
}
