/** PostgreSQL unique_violation, with the constraint (index) that refused the row. */
export function findUniqueViolation(err: unknown): string | null {
  const e = err as { code?: unknown; constraint?: unknown; message?: unknown } | null;
  if (e?.code !== '23505') return null;
  if (typeof e.constraint === 'string') return e.constraint;
  // PGlite reports the constraint only in the message.
  const match = typeof e.message === 'string' ? /"([^"]+)"/.exec(e.message) : null;
  return match?.[1] ?? 'unknown';
}

/** What a write answers when the value it was given is taken and it could not throw (see below). */
export const VALUE_TAKEN = Symbol('value taken');

type UniqueRetry = {
  /** The unique index a drawn value collides on; a violation of any other is thrown at once. */
  constraint: string;
  /** Draws in all; 1 when the value was chosen (an account name typed), not drawn. */
  attempts: number;
};

/**
 * Write a row keyed by a randomly drawn value (a deposit's reference code, a generated account
 * name, an invitation link's code), drawing again while the value drawn is taken. Taken is either
 * `write` throwing a unique violation of `constraint` (a write in a transaction of its own, which
 * the violation rolls back) or `write` answering VALUE_TAKEN (a write inside the caller's
 * transaction, which an error would abort, so it inserts ON CONFLICT DO NOTHING). After the last
 * attempt the violation is thrown as it came, so the caller answers a taken value as it always
 * does (USERNAME_TAKEN); a write that only ever answered VALUE_TAKEN ends in an Error.
 */
export async function insertWithUniqueRetry<T>(
  draw: () => string,
  write: (value: string) => Promise<T | typeof VALUE_TAKEN>,
  { constraint, attempts }: UniqueRetry,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    let written: T | typeof VALUE_TAKEN;
    try {
      written = await write(draw());
    } catch (err) {
      if (attempt < attempts && findUniqueViolation(err) === constraint) continue;
      throw err;
    }
    if (written !== VALUE_TAKEN) return written;
    if (attempt >= attempts) throw new Error(`no free value for ${constraint} in ${attempts} draws`);
  }
}
