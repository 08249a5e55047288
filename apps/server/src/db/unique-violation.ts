/** PostgreSQL unique_violation, with the constraint (index) that refused the row. */
export function findUniqueViolation(err: unknown): string | null {
  const e = err as { code?: unknown; constraint?: unknown; message?: unknown } | null;
  if (e?.code !== '23505') return null;
  if (typeof e.constraint === 'string') return e.constraint;
  // PGlite reports the constraint only in the message.
  const match = typeof e.message === 'string' ? /"([^"]+)"/.exec(e.message) : null;
  return match?.[1] ?? 'unknown';
}
