/** PostgreSQL's unique_violation, on either driver: names the constraint that refused the row. */
export function uniqueViolation(error: unknown): string | undefined {
  const candidate = error as { code?: unknown; constraint?: unknown; message?: unknown };
  if (candidate?.code !== '23505') return undefined;
  if (typeof candidate.constraint === 'string') return candidate.constraint;
  const match = typeof candidate.message === 'string' ? /constraint "([^"]+)"/.exec(candidate.message) : null;
  return match?.[1] ?? 'unknown';
}
