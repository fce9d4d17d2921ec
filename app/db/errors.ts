/** True for a unique-constraint violation on either engine (SQLite or PostgreSQL). */
export function isUniqueViolation(error: unknown) {
  if (typeof error !== "object" || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY" || code === "23505";
}
