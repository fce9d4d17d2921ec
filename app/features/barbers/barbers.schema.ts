import { z } from "zod";

/** The query string of the barber search (page and API): words of a name; none lists every barber. */
export const barberSearchQuerySchema = z.object({ q: z.string().trim().default("").catch("") });

/** A barber as GET /api/barbers/{slug} answers: the places service's field names, as the spec keeps them. */
export const barberSchema = z.object({
  slug: z.string(),
  name: z.string(),
  formatted_address: z.string(),
  opening_hours: z.object({ weekday_text: z.array(z.string()) }),
  /** Out of 5; null for a place nobody has rated yet. */
  rating: z.number().nullable(),
  user_ratings_total: z.int(),
  formatted_phone_number: z.string().optional(),
  location: z.object({ lat: z.number(), lng: z.number() }).optional(),
});
export type Barber = z.infer<typeof barberSchema>;

export const barberSummarySchema = barberSchema.pick({ slug: true, name: true });
export type BarberSummary = z.infer<typeof barberSummarySchema>;

const text = (what: string, max = 300) =>
  z
    .string({ error: `${what} must be text` })
    .trim()
    .min(1, `${what} is required`)
    .max(max, `${what} is too long`);

const coordinates = z.object({
  lat: z.number({ error: "lat must be a number" }).min(-90).max(90),
  lng: z.number({ error: "lng must be a number" }).min(-180).max(180),
});

/** One entry of a places-service "details" answer; fields the directory does not show are ignored. */
export const placeDetailsSchema = z
  .object({
    place_id: text("place_id").optional(),
    name: text("name"),
    formatted_address: text("formatted_address", 500),
    opening_hours: z.object({ weekday_text: z.array(z.string().trim().max(200)).max(14).default([]) }).optional(),
    rating: z.number({ error: "rating must be a number" }).min(0).max(5).optional(),
    user_ratings_total: z.number({ error: "user_ratings_total must be a number" }).int().min(0).optional(),
    formatted_phone_number: z.string().trim().max(50).optional(),
    geometry: z.object({ location: coordinates }).optional(),
    location: coordinates.optional(),
  })
  .transform((place) => ({
    placeId: place.place_id ?? null,
    name: place.name,
    formattedAddress: place.formatted_address,
    // The lines are stored joined by "\n", so a line may not carry one of its own.
    weekdayText: (place.opening_hours?.weekday_text ?? []).map((line) => line.replace(/\s+/g, " ")).filter(Boolean),
    rating: place.rating ?? null,
    userRatingsTotal: place.user_ratings_total ?? 0,
    phone: place.formatted_phone_number || null,
    location: place.geometry?.location ?? place.location ?? null,
  }));

export type PlaceDetails = z.output<typeof placeDetailsSchema>;

/**
 * The entries of an import file: a list of place details, or a places-service answer
 * wrapping them as `{ "results": [...] }` (a search) or `{ "result": {...} }` (one place).
 */
export function placesFromJson(json: unknown): unknown[] {
  if (Array.isArray(json)) return json;
  if (typeof json === "object" && json !== null) {
    const { results, result } = json as { results?: unknown; result?: unknown };
    if (Array.isArray(results)) return results;
    if (typeof result === "object" && result !== null) return [result];
  }
  throw new Error('Expected a list of place details, { "results": [...] } or { "result": {...} }.');
}

export interface ImportProblem {
  /** Position of the entry in the file, from 0. */
  index: number;
  name?: string;
  message: string;
}

export interface ImportSummary {
  created: number;
  updated: number;
  skipped: number;
  problems: ImportProblem[];
}
