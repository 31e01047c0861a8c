/** A PostgreSQL unique violation (SQLSTATE 23505), however the driver wraps it (PGlite, pg, drizzle's cause chain). */
export function isUniqueViolation(error: unknown): boolean {
  for (
    let current: unknown = error, depth = 0;
    current && typeof current === 'object' && depth < 5;
    current = (current as { cause?: unknown }).cause, depth += 1
  ) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** drizzle's DrizzleQueryError: its message is "Failed query: <sql>\nparams: <every value bound>". */
type QueryError = Error & { query: string; params: unknown[] };
const isQueryError = (error: unknown): error is QueryError =>
  error instanceof Error &&
  typeof (error as { query?: unknown }).query === 'string' &&
  Array.isArray((error as { params?: unknown }).params);

/**
 * What a log line may say about a thrown error. A failed query is described by its SQL text,
 * the database's error code and message, and the stack frames: never by the values it bound,
 * which can be a password hash, a reset code or a customer's message. Any bound value that
 * the database quotes in its message (e.g. "invalid input syntax for type uuid: ...") is cut out.
 */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (!isQueryError(error)) return error.stack ?? String(error);
  let cause: { code?: unknown; message?: unknown } | undefined;
  for (
    let current: unknown = error.cause, depth = 0;
    current && typeof current === 'object' && depth < 5;
    current = (current as { cause?: unknown }).cause, depth += 1
  ) {
    if ((current as { code?: unknown }).code !== undefined) {
      cause = current as typeof cause;
      break;
    }
  }
  let reason = typeof cause?.message === 'string' ? cause.message : '';
  for (const value of error.params) {
    const text = value instanceof Date ? value.toISOString() : String(value);
    if (text.length >= 3) reason = reason.split(text).join('[value]');
  }
  // The stack starts with "Error: <message>" (the parameters); only the frames after it are kept.
  const header = `${error.name}: ${error.message}`;
  const frames = error.stack?.startsWith(header) ? error.stack.slice(header.length) : '';
  return `Failed query: ${error.query}\ndatabase error ${typeof cause?.code === 'string' ? cause.code : 'unknown'}: ${reason}${frames}`;
}
