/** True for a unique-constraint violation on either engine (SQLite or PostgreSQL). */
export function isUniqueViolation(error: unknown) {
  if (typeof error !== "object" || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY" || code === "23505";
}

/** True when PostgreSQL's exclusion constraint refused a write (two booked times of one barber overlapping). */
export function isExclusionViolation(error: unknown) {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "23P01";
}

/**
 * Runs `write` again when a unique index refused it. For writes that pick a free value
 * (a slug, the next order number) and may race another writer that picked the same one:
 * the index stops the second, which then picks again and sees the first's value.
 */
export async function retryOnUniqueViolation<T>(write: () => Promise<T>, attempts = 10): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await write();
    } catch (error) {
      if (attempt >= attempts || !isUniqueViolation(error)) throw error;
    }
  }
}
