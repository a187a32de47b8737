/**
 * The SQLSTATE PostgreSQL (or PGlite) answered an error with; undefined for any other failure (a
 * lost connection, a bug), where the statement may or may not have happened.
 */
export function sqlState(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

/** PostgreSQL's unique_violation, on either driver: names the constraint that refused the row. */
export function uniqueViolation(error: unknown): string | undefined {
  if (sqlState(error) !== '23505') return undefined;
  const candidate = error as { constraint?: unknown; message?: unknown };
  if (typeof candidate.constraint === 'string') return candidate.constraint;
  const match = typeof candidate.message === 'string' ? /constraint "([^"]+)"/.exec(candidate.message) : null;
  return match?.[1] ?? 'unknown';
}
