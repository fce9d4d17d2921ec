import { sql } from "kysely";
import type { Db } from "~/db/client.server";
import { containsText } from "~/db/search";
import type { Row } from "~/db/database";
import { notFound } from "~/lib/http-error";
import { firstFreeSlug, slugify } from "~/features/blog";
import {
  placeDetailsSchema,
  type Barber,
  type BarberSummary,
  type ImportSummary,
  type PlaceDetails,
} from "./barbers.schema";

const toBarber = (row: Row<"barbers">): Barber => ({
  slug: row.slug,
  name: row.name,
  formatted_address: row.formatted_address,
  opening_hours: { weekday_text: row.weekday_text ? row.weekday_text.split("\n") : [] },
  rating: row.rating,
  user_ratings_total: row.user_ratings_total,
  ...(row.formatted_phone_number ? { formatted_phone_number: row.formatted_phone_number } : {}),
  ...(row.lat !== null && row.lng !== null ? { location: { lat: row.lat, lng: row.lng } } : {}),
});

// One collation for both engines: PostgreSQL's and SQLite's own orderings differ.
const byName = new Intl.Collator("en-GB", { sensitivity: "base", numeric: true });

/** The directory, by name; `q` keeps names containing it, ignoring case. */
export async function listBarbers(db: Db, filter: { q?: string } = {}): Promise<BarberSummary[]> {
  let query = db.selectFrom("barbers").select(["slug", "name"]);
  const q = filter.q?.trim();
  if (q) {
    query = query.where(containsText(sql.ref("name"), q));
  }
  const rows = await query.execute();
  return rows.sort((a, b) => byName.compare(a.name, b.name) || a.slug.localeCompare(b.slug));
}

export async function getBarber(db: Db, slug: string): Promise<Barber> {
  const row = await db.selectFrom("barbers").selectAll().where("slug", "=", slug).executeTakeFirst();
  if (!row) throw notFound("Barber");
  return toBarber(row);
}

const toColumns = (place: PlaceDetails) => ({
  place_id: place.placeId,
  name: place.name,
  formatted_address: place.formattedAddress,
  weekday_text: place.weekdayText.join("\n"),
  rating: place.rating,
  user_ratings_total: place.userRatingsTotal,
  formatted_phone_number: place.phone,
  lat: place.location?.lat ?? null,
  lng: place.location?.lng ?? null,
  updated_at: new Date().toISOString(),
});

/**
 * The same place again, found by its place id, else by the slug of its name — but a row
 * already tied to another place id is a different shop that happens to share the name.
 */
async function findExisting(db: Db, place: PlaceDetails) {
  if (place.placeId) {
    const byPlace = await db
      .selectFrom("barbers")
      .select("id")
      .where("place_id", "=", place.placeId)
      .executeTakeFirst();
    if (byPlace) return byPlace;
  }
  return db
    .selectFrom("barbers")
    .select("id")
    .where("slug", "=", slugify(place.name, "barber"))
    .where("place_id", "is", null)
    .executeTakeFirst();
}

async function freeSlug(db: Db, name: string) {
  const base = slugify(name, "barber");
  const rows = await db
    .selectFrom("barbers")
    .select("slug")
    .where((eb) => eb.or([eb("slug", "=", base), eb("slug", "like", `${base}-%`)]))
    .execute();
  return firstFreeSlug(base, new Set(rows.map((row) => row.slug)));
}

/** Creates or refreshes barbers from place details; a bad entry is reported and skipped, the rest still land. */
export async function importBarbers(db: Db, places: unknown[]): Promise<ImportSummary> {
  const summary: ImportSummary = { created: 0, updated: 0, skipped: 0, problems: [] };
  for (const [index, entry] of places.entries()) {
    const parsed = placeDetailsSchema.safeParse(entry);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const name = (entry as { name?: unknown } | null)?.name;
      summary.skipped += 1;
      summary.problems.push({
        index,
        ...(typeof name === "string" ? { name } : {}),
        message: issue ? `${issue.path.join(".") || "entry"}: ${issue.message}` : "Invalid entry",
      });
      continue;
    }
    const place = parsed.data;
    const outcome = await db.transaction().execute(async (trx) => {
      const existing = await findExisting(trx, place);
      if (existing) {
        // The slug stays as it was: links to the barber's page must keep working after a refresh.
        await trx.updateTable("barbers").set(toColumns(place)).where("id", "=", existing.id).execute();
        return "updated" as const;
      }
      await trx
        .insertInto("barbers")
        .values({ ...toColumns(place), slug: await freeSlug(trx, place.name) })
        .execute();
      return "created" as const;
    });
    summary[outcome] += 1;
  }
  return summary;
}
