/** A PostgreSQL unique violation (SQLSTATE 23505), however the driver wraps it (PGlite, pg, drizzle's cause chain). */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && typeof current === 'object' && depth < 5; current = (current as { cause?: unknown }).cause, depth += 1) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
