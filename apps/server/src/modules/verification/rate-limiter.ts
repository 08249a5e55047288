import crypto from 'node:crypto';
import { ErrorCode } from '@wps/shared/error-codes';
import { AppError } from '../../http/app-error';
import type { AppContext } from '../../app-context';
import {
  consumeRateLimitEvent,
  countEventsSince,
  deleteRateLimitEvents,
  findEventTimesSince,
  insertRateLimitEvent,
  pruneRateLimitEvents,
} from './verification.repository';

/** Services in this module accept an injectable clock (epoch ms) so tests can move time. */
export type VerificationContext = Pick<AppContext, 'db' | 'log'> &
  Partial<Pick<AppContext, 'config'>> & { now?: () => number };

export type RateLimitStatus = { count: number; limited: boolean; retryAfterSeconds: number };

/** Roughly one write in this many also deletes a batch of expired events. */
const PRUNE_EVERY = 25;
/** Longer keys (free text such as usernames) are stored as their hash. */
const MAX_KEY_LENGTH = 200;

/** Keys may be client text: long ones, or ones with a NUL (which PostgreSQL text refuses), become a hash. */
function normaliseKey(key: string): string {
  if (key.length <= MAX_KEY_LENGTH && !key.includes('\u0000')) return key;
  return `sha256:${crypto.createHash('sha256').update(key).digest('hex')}`;
}

function toSeconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

/**
 * Database-backed sliding-log rate limiter. Every instance shares the same table, so limits hold
 * across server instances; on PGlite the single session serialises everything anyway.
 * Do not call it while holding a PGlite transaction opened elsewhere: PGlite has one connection.
 */
export function createRateLimiter(ctx: VerificationContext) {
  const { db, log } = ctx;
  const now = ctx.now ?? Date.now;

  function maybePrune(at: Date) {
    if (crypto.randomInt(PRUNE_EVERY) !== 0) return;
    pruneRateLimitEvents(db, at).catch((err: unknown) => log.warn({ err }, 'rate-limit prune failed'));
  }

  return {
    /**
     * Count one request against `limit` per `windowSeconds`; throws TOO_MANY_REQUESTS with
     * value { retryAfterSeconds } when the limit is already reached (the refused request is not counted).
     */
    async consume(bucket: string, key: string, limit: number, windowSeconds: number): Promise<void> {
      const at = new Date(now());
      const decision = await consumeRateLimitEvent(db, {
        bucket,
        key: normaliseKey(key),
        limit,
        windowMs: windowSeconds * 1000,
        now: at,
      });
      maybePrune(at);
      if (!decision.allowed) {
        const retryAfterSeconds = toSeconds(decision.retryAfterMs);
        throw new AppError(ErrorCode.TOO_MANY_REQUESTS, `Too many requests; retry in ${retryAfterSeconds} s`, {
          retryAfterSeconds,
        });
      }
    },

    /** Record one event without enforcing a limit (e.g. a failed login). */
    async hit(bucket: string, key: string, windowSeconds: number): Promise<void> {
      const at = new Date(now());
      await insertRateLimitEvent(db, { bucket, key: normaliseKey(key), windowMs: windowSeconds * 1000, now: at });
      maybePrune(at);
    },

    /** Events of (bucket, key) within the last `windowSeconds`. */
    async count(bucket: string, key: string, windowSeconds: number): Promise<number> {
      return countEventsSince(db, bucket, normaliseKey(key), new Date(now() - windowSeconds * 1000));
    },

    /** Whether a consume would be refused now, without counting anything. */
    async peek(bucket: string, key: string, limit: number, windowSeconds: number): Promise<RateLimitStatus> {
      const windowMs = windowSeconds * 1000;
      const t = now();
      const since = new Date(t - windowMs);
      const k = normaliseKey(key);
      const count = await countEventsSince(db, bucket, k, since);
      if (count < limit) return { count, limited: false, retryAfterSeconds: 0 };
      const times = await findEventTimesSince(db, bucket, k, since, count - limit + 1);
      const freeing = times[times.length - 1];
      const retryAfterMs = freeing ? freeing.getTime() + windowMs - t : windowMs;
      return { count, limited: true, retryAfterSeconds: toSeconds(retryAfterMs) };
    },

    /**
     * When the events of (bucket, key) within the last `windowSeconds` happened, oldest first (at
     * most `max` of them): for limits that depend on the time of the latest event, such as a
     * delay that grows with each failure.
     */
    async recentEvents(bucket: string, key: string, windowSeconds: number, max = 1000): Promise<Date[]> {
      return findEventTimesSince(db, bucket, normaliseKey(key), new Date(now() - windowSeconds * 1000), max);
    },

    /** Forget every event of (bucket, key). */
    async reset(bucket: string, key: string): Promise<void> {
      await deleteRateLimitEvents(db, bucket, normaliseKey(key));
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
