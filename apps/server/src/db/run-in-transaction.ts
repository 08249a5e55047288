// One way to run a database transaction that PostgreSQL may abort for reasons the caller did not
// cause: a serialization failure (40001) or a deadlock (40P01). Both mean "this attempt lost a
// race; the same work started again will very likely succeed", so the whole transaction runs
// again from its first statement, a bounded number of times, after a short random pause (the
// randomness keeps two transactions that deadlocked on each other from retrying in lock step).
// When every attempt lost, the caller's client gets a stable SERVER_BUSY (503, with a
// Retry-After) rather than an internal error: nothing was written, and trying later is safe.

import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { ErrorCode } from '@wps/shared/error-codes';
import { AppError } from '../http/app-error';
import type { Database } from './schema';

type Db = Kysely<Database>;

/** SQLSTATEs after which the whole transaction may simply run again. */
export const RETRYABLE_SQLSTATES: ReadonlySet<string> = new Set(['40001', '40P01']);

/** Attempts in all (the first plus retries), unless a caller asks otherwise. */
export const DEFAULT_TRANSACTION_ATTEMPTS = 5;

/** First pause's upper bound (ms); each retry doubles it, up to MAX_DELAY_MS. */
const BASE_DELAY_MS = 5;
const MAX_DELAY_MS = 200;

/** The seconds a client is told to wait when every attempt lost its race. */
const BUSY_RETRY_AFTER_SECONDS = 1;

export type RunInTransactionOptions = {
  /** Attempts in all; 1 turns retrying off. */
  attempts?: number;
  /** Called before each retry, for logging. */
  onRetry?: (err: unknown, attempt: number) => void;
  /** The pause before retry `attempt` (ms); tests pass one that returns 0. */
  delayMs?: (attempt: number) => number;
};

/** Whether an error is a serialization failure or deadlock that a fresh attempt may clear. */
export function isRetryableDatabaseError(err: unknown): boolean {
  return isRetryableBatchError(err, []);
}

/**
 * Whether a batched write (a group commit's batch) is worth running again: a serialization
 * failure or deadlock, or one of `raceCodes`, the codes the caller's own database functions raise
 * when another writer won a race of theirs (the ledger's "key claimed meanwhile"). The caller
 * names them, so this folder knows no module's codes.
 */
export function isRetryableBatchError(err: unknown, raceCodes: readonly string[]): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (RETRYABLE_SQLSTATES.has(code) || raceCodes.includes(code));
}

/**
 * What a client gets when every attempt lost its race: SERVER_BUSY (503) with a Retry-After.
 * Batched writers (group commits) that give up after their own retries answer it too.
 */
export function serverBusy(attempts: number): AppError {
  return new AppError(ErrorCode.SERVER_BUSY, 'The server is busy with conflicting changes; try again', {
    retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS,
    attempts,
  });
}

/** "Full jitter": a random pause between 0 and an upper bound that doubles with each retry. */
export function jitteredDelayMs(attempt: number): number {
  const cap = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** (attempt - 1));
  return crypto.randomInt(0, cap + 1);
}

/**
 * Run `fn` in a new transaction on `db`; on 40001/40P01 roll back and run it again. Any other
 * error is thrown at once. `fn` may run more than once, so it must not call outside parties or
 * keep state between attempts.
 */
export async function runInTransaction<T>(
  db: Db,
  fn: (trx: Db) => Promise<T>,
  options: RunInTransactionOptions = {},
): Promise<T> {
  const attempts = Math.max(1, options.attempts ?? DEFAULT_TRANSACTION_ATTEMPTS);
  const delayMs = options.delayMs ?? jitteredDelayMs;
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(fn);
    } catch (err) {
      if (!isRetryableDatabaseError(err)) throw err;
      if (attempt >= attempts) throw serverBusy(attempts);
      options.onRetry?.(err, attempt);
      const pause = delayMs(attempt);
      if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}
