import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { OtpPurpose } from '../../db/tables/verification';

type Db = Kysely<Database>;

/** Most expired rows removed by one opportunistic prune, so a prune never becomes a long statement. */
const PRUNE_BATCH = 500;

// ---------------------------------------------------------------------------------------------
// Rate-limit events (sliding log)
// ---------------------------------------------------------------------------------------------

export type RateLimitDecision =
  | { allowed: true; count: number }
  | { allowed: false; count: number; retryAfterMs: number };

/**
 * Count the events of (bucket, key) inside the window and, when under the limit, record one more.
 * The advisory lock serialises every consumer of the same (bucket, key) across connections and
 * instances, so N parallel consumers with limit L see exactly L successes.
 */
export async function consumeRateLimitEvent(
  db: Db,
  input: { bucket: string; key: string; limit: number; windowMs: number; now: Date },
): Promise<RateLimitDecision> {
  const { bucket, key, limit, windowMs, now } = input;
  const since = new Date(now.getTime() - windowMs);
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`${bucket}:${key}`}, 0))`.execute(trx);
    const count = await countEventsSince(trx, bucket, key, since);
    if (count >= limit) {
      // The slot frees when the event that put us at the limit leaves the window.
      const row = await trx
        .selectFrom('rate_limit_events')
        .select('at')
        .where('bucket', '=', bucket)
        .where('key', '=', key)
        .where('at', '>', since)
        .orderBy('at', 'asc')
        .offset(count - limit)
        .limit(1)
        .executeTakeFirst();
      const freesAt = row ? new Date(row.at).getTime() + windowMs : now.getTime() + windowMs;
      return { allowed: false, count, retryAfterMs: Math.max(0, freesAt - now.getTime()) };
    }
    await trx
      .insertInto('rate_limit_events')
      .values({ bucket, key, at: now, expires_at: new Date(now.getTime() + windowMs) })
      .execute();
    return { allowed: true, count: count + 1 };
  });
}

/** Record an event without any limit (e.g. a failed login). */
export async function insertRateLimitEvent(
  db: Db,
  input: { bucket: string; key: string; windowMs: number; now: Date },
) {
  await db
    .insertInto('rate_limit_events')
    .values({
      bucket: input.bucket,
      key: input.key,
      at: input.now,
      expires_at: new Date(input.now.getTime() + input.windowMs),
    })
    .execute();
}

/** Events of (bucket, key) recorded after `since`. */
export async function countEventsSince(db: Db, bucket: string, key: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom('rate_limit_events')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('bucket', '=', bucket)
    .where('key', '=', key)
    .where('at', '>', since)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The oldest events of (bucket, key) after `since`, ascending; used to compute when a slot frees. */
export async function findEventTimesSince(
  db: Db,
  bucket: string,
  key: string,
  since: Date,
  limit: number,
): Promise<Date[]> {
  const rows = await db
    .selectFrom('rate_limit_events')
    .select('at')
    .where('bucket', '=', bucket)
    .where('key', '=', key)
    .where('at', '>', since)
    .orderBy('at', 'asc')
    .limit(limit)
    .execute();
  return rows.map((r) => new Date(r.at));
}

/** Forget every event of (bucket, key), e.g. after a successful login. */
export async function deleteRateLimitEvents(db: Db, bucket: string, key: string): Promise<void> {
  await db.deleteFrom('rate_limit_events').where('bucket', '=', bucket).where('key', '=', key).execute();
}

/** Delete a bounded batch of events whose window has passed. */
export async function pruneRateLimitEvents(db: Db, now: Date): Promise<void> {
  await db
    .deleteFrom('rate_limit_events')
    .where('id', 'in', (eb) =>
      eb.selectFrom('rate_limit_events').select('id').where('expires_at', '<', now).limit(PRUNE_BATCH),
    )
    .execute();
}

// ---------------------------------------------------------------------------------------------
// Captcha challenges
// ---------------------------------------------------------------------------------------------

/** Store (or replace) the challenge for a client-chosen key. */
export async function upsertCaptcha(
  db: Db,
  input: { captchaKey: string; answerHash: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('captcha_challenges')
    .values({
      captcha_key: input.captchaKey,
      answer_hash: input.answerHash,
      created_at: input.createdAt,
      expires_at: input.expiresAt,
    })
    .onConflict((oc) =>
      oc.column('captcha_key').doUpdateSet({
        answer_hash: input.answerHash,
        created_at: input.createdAt,
        expires_at: input.expiresAt,
      }),
    )
    .execute();
}

/** Delete the challenge and return it: whoever deletes it is the only one who may check it. */
export async function takeCaptcha(
  db: Db,
  captchaKey: string,
): Promise<{ answerHash: string; expiresAt: Date } | undefined> {
  const row = await db
    .deleteFrom('captcha_challenges')
    .where('captcha_key', '=', captchaKey)
    .returning(['answer_hash', 'expires_at'])
    .executeTakeFirst();
  return row ? { answerHash: row.answer_hash, expiresAt: new Date(row.expires_at) } : undefined;
}

/** Delete a bounded batch of expired challenges. */
export async function pruneCaptchas(db: Db, now: Date): Promise<void> {
  await db
    .deleteFrom('captcha_challenges')
    .where('captcha_key', 'in', (eb) =>
      eb.selectFrom('captcha_challenges').select('captcha_key').where('expires_at', '<', now).limit(PRUNE_BATCH),
    )
    .execute();
}

// ---------------------------------------------------------------------------------------------
// One-time SMS codes
// ---------------------------------------------------------------------------------------------

export type OtpRow = {
  id: string;
  codeSalt: string;
  codeHash: string;
  attempts: number;
  expiresAt: Date;
  consumedAt: Date | null;
};

/** Store a fresh code for (purpose, phone), replacing any previous one and its attempt count. */
export async function upsertOtp(
  db: Db,
  input: { purpose: OtpPurpose; phone: string; codeSalt: string; codeHash: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  const fresh = {
    code_salt: input.codeSalt,
    code_hash: input.codeHash,
    attempts: 0,
    created_at: input.createdAt,
    expires_at: input.expiresAt,
    consumed_at: null,
  };
  await db
    .insertInto('otp_codes')
    .values({ purpose: input.purpose, phone: input.phone, ...fresh })
    .onConflict((oc) => oc.columns(['purpose', 'phone']).doUpdateSet(fresh))
    .execute();
}

/** The current code of (purpose, phone), used or not. */
export async function findOtp(db: Db, purpose: OtpPurpose, phone: string): Promise<OtpRow | undefined> {
  const row = await db
    .selectFrom('otp_codes')
    .select(['id', 'code_salt', 'code_hash', 'attempts', 'expires_at', 'consumed_at'])
    .where('purpose', '=', purpose)
    .where('phone', '=', phone)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: String(row.id),
    codeSalt: row.code_salt,
    codeHash: row.code_hash,
    attempts: row.attempts,
    expiresAt: new Date(row.expires_at),
    consumedAt: row.consumed_at ? new Date(row.consumed_at) : null,
  };
}

/**
 * Mark the code used if it is still exactly the one checked, unused, unexpired and alive.
 * The single conditional UPDATE is the atomic step: of parallel verifiers only one gets a row.
 */
export async function consumeOtp(
  db: Db,
  input: { id: string; codeHash: string; maxAttempts: number; now: Date },
): Promise<boolean> {
  const row = await db
    .updateTable('otp_codes')
    .set({ consumed_at: input.now })
    .where('id', '=', input.id)
    .where('code_hash', '=', input.codeHash)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', input.now)
    .where('attempts', '<', input.maxAttempts)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Count one wrong try against the code that was checked; the try that reaches the maximum also
 * retires the code. Returns the new attempt count, or undefined when the code changed meanwhile.
 */
export async function recordOtpFailure(
  db: Db,
  input: { id: string; codeHash: string; maxAttempts: number; now: Date },
): Promise<number | undefined> {
  const row = await db
    .updateTable('otp_codes')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      consumed_at: sql<Date | null>`CASE WHEN attempts + 1 >= ${input.maxAttempts} THEN ${input.now}::timestamptz ELSE consumed_at END`,
    }))
    .where('id', '=', input.id)
    .where('code_hash', '=', input.codeHash)
    .where('consumed_at', 'is', null)
    .returning('attempts')
    .executeTakeFirst();
  return row?.attempts;
}

/** Delete a bounded batch of codes that expired before `before`. */
export async function pruneOtps(db: Db, before: Date): Promise<void> {
  await db
    .deleteFrom('otp_codes')
    .where('id', 'in', (eb) =>
      eb.selectFrom('otp_codes').select('id').where('expires_at', '<', before).limit(PRUNE_BATCH),
    )
    .execute();
}
