import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { ErrorCode } from '@wps/shared/error-codes';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { createPasswordHasher, isWeakPassword } from '../member/password-hasher';
import { findPaymentPasswordHash, updatePaymentPasswordHash } from '../member/member-security-columns';
import {
  FALLBACK_RULES,
  checkField,
  failFields,
  isTrivialPin,
  required,
  retryAfter,
  type SecurityContext,
} from './security-helpers';
import {
  findPaymentPasswordFailures,
  findPaymentPasswordLock,
  insertPaymentPasswordFailure,
  lockPaymentPassword,
  prunePaymentPasswordFailures,
} from './payment-password.repository';
import { findSecurityMember, lockKey, type SecurityMemberRow } from './security.repository';

type Db = Kysely<Database>;

/**
 * Payment password tries: 5 wrong in 15 minutes lock it for 15 minutes. A success clears nothing,
 * so a correct guess among wrong ones never buys the attacker more tries. Only a logged-in member
 * can make a try, so the lock cannot be used by a stranger to shut a player out (docs/decisions.md).
 */
export const PAYMENT_PASSWORD_LIMITS = { maxFailures: 5, windowSeconds: 15 * 60, lockSeconds: 15 * 60 } as const;

/** Other limits (limit per window in seconds). */
const CHANGE_PER_MEMBER = { limit: 10, windowSeconds: 15 * 60 };
const PRUNE_EVERY = 20;

/** What one check concluded; an error is thrown only after the transaction that recorded it committed. */
type Outcome = { ok: true } | { ok: false; error: AppError };

function lockedError(retryAfterSeconds: number): AppError {
  return new AppError(ErrorCode.PAYMENT_PASSWORD_LOCKED, 'Too many wrong payment passwords; try again later', {
    retryAfterSeconds,
  });
}

/**
 * Run tasks one at a time per key within this process. Checks of one member's payment password
 * queue here, so at most one of them per instance holds a database connection while it waits for
 * the member's advisory lock.
 */
function createKeyedQueue() {
  const tails = new Map<string, Promise<void>>();
  return async function run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = tails.get(key) ?? Promise.resolve();
    const result = previous.then(task);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    tails.set(key, tail);
    try {
      return await result;
    } finally {
      if (tails.get(key) === tail) tails.delete(key);
    }
  };
}

/** The payment password: verify with a try limit (withdrawals, transfers), set and change it. */
export function createPaymentPassword(ctx: SecurityContext) {
  const { db, log, system, rateLimiter } = ctx;
  const now = ctx.now ?? Date.now;
  const hasher = createPasswordHasher({ logN: ctx.config.scryptLogN });
  const queue = createKeyedQueue();

  /**
   * One try, serialised per member: the lock is checked, the hash compared, and only a wrong hash
   * is recorded as a failure. Parallel tries with the right password therefore never count
   * against each other, and parallel wrong ones still see each other's failures.
   */
  async function check(exec: Db, memberId: string, password: string, serialise: boolean): Promise<Outcome> {
    if (serialise) await lockKey(exec, `payment-password:${memberId}`);
    const at = now();
    const lockedUntil = await findPaymentPasswordLock(exec, memberId, new Date(at));
    if (lockedUntil) return { ok: false, error: lockedError(retryAfter(lockedUntil.getTime(), at)) };
    const hash = await findPaymentPasswordHash(exec, memberId);
    if (!hash)
      return { ok: false, error: new AppError(ErrorCode.PAYMENT_PASSWORD_NOT_SET, 'Set a payment password first') };
    if (await hasher.verify(password, hash)) return { ok: true };

    const windowMs = PAYMENT_PASSWORD_LIMITS.windowSeconds * 1000;
    await insertPaymentPasswordFailure(exec, memberId, new Date(at));
    const failures = await findPaymentPasswordFailures(exec, memberId, new Date(at - windowMs));
    const attemptsLeft = Math.max(0, PAYMENT_PASSWORD_LIMITS.maxFailures - failures.length);
    if (attemptsLeft === 0) {
      await lockPaymentPassword(exec, memberId, new Date(at + PAYMENT_PASSWORD_LIMITS.lockSeconds * 1000));
      return { ok: false, error: lockedError(PAYMENT_PASSWORD_LIMITS.lockSeconds) };
    }
    return {
      ok: false,
      error: new AppError(ErrorCode.PAYMENT_PASSWORD_INVALID, 'The payment password is incorrect', { attemptsLeft }),
    };
  }

  /**
   * Check a member's payment password (withdrawals, transfers, changing it). Throws
   * PAYMENT_PASSWORD_NOT_SET, PAYMENT_PASSWORD_INVALID { attemptsLeft } or PAYMENT_PASSWORD_LOCKED
   * { retryAfterSeconds }. Call it before opening your transaction: with `trx` on PostgreSQL the
   * try is checked on a second pool connection (so your rollback keeps a failure).
   */
  async function verifyPaymentPassword(memberId: string, password: string, trx?: Db): Promise<void> {
    let outcome: Outcome;
    if (ctx.databaseKind === 'pglite') {
      // PGlite has one session in one process. Inside a caller's transaction that session is held
      // throughout, so nothing interleaves (and queueing there could wait on a query that waits
      // for this very transaction). Otherwise the queue serialises, and the hash is compared
      // outside any transaction, so the session is not held meanwhile.
      outcome = trx
        ? await check(trx, memberId, password, false)
        : await queue(memberId, () => check(db, memberId, password, false));
    } else {
      // PostgreSQL: the member's advisory lock serialises instances too. The failure is written
      // in its own transaction, committed before the error is thrown.
      outcome = await queue(memberId, () => db.transaction().execute((own) => check(own, memberId, password, true)));
    }
    if (crypto.randomInt(PRUNE_EVERY) === 0) {
      const before = new Date(now() - PAYMENT_PASSWORD_LIMITS.windowSeconds * 1000);
      prunePaymentPasswordFailures(db, before).catch((err: unknown) =>
        log.warn({ err }, 'payment password prune failed'),
      );
    }
    if (!outcome.ok) throw outcome.error;
  }

  async function checkNewPaymentPassword(
    row: SecurityMemberRow,
    body: { newPaymentPassword: string; confirmPaymentPassword: string },
  ): Promise<string> {
    const rule = (await system.getRegisterSettings()).validate.paymentPassword ?? FALLBACK_RULES.paymentPassword;
    checkField('newPaymentPassword', rule, body.newPaymentPassword);
    if (body.newPaymentPassword !== body.confirmPaymentPassword) {
      throw new AppError(ErrorCode.PASSWORD_MISMATCH, 'The payment passwords do not match');
    }
    const password = body.newPaymentPassword;
    if (isWeakPassword(password) || isTrivialPin(password)) {
      throw new AppError(ErrorCode.PASSWORD_TOO_WEAK, 'This payment password is too easy to guess', {
        reason: 'common',
      });
    }
    // A stolen login password must not also unlock withdrawals.
    if (await hasher.verify(password, row.passwordHash)) {
      throw new AppError(ErrorCode.PASSWORD_TOO_WEAK, 'The payment password must differ from the login password', {
        reason: 'same_as_login',
      });
    }
    return password;
  }

  return {
    verifyPaymentPassword,

    /** Whether the member has a payment password. */
    async hasPaymentPassword(memberId: string): Promise<boolean> {
      return Boolean(await findPaymentPasswordHash(db, memberId));
    },

    /**
     * PUT /wps/member/payment-password: first set needs only the new password twice; a change
     * needs the current payment password, checked against the same try limit as withdrawals.
     */
    async setPaymentPassword(
      memberId: string,
      body: { oldPaymentPassword?: string | undefined; newPaymentPassword: string; confirmPaymentPassword: string },
    ): Promise<void> {
      await rateLimiter.consume(
        'payment-password-change',
        memberId,
        CHANGE_PER_MEMBER.limit,
        CHANGE_PER_MEMBER.windowSeconds,
      );
      const row = await findSecurityMember(db, memberId);
      if (!row) throw new AppError(ErrorCode.UNAUTHORIZED, 'You are not logged in');
      const password = await checkNewPaymentPassword(row, body);
      const current = row.paymentPasswordHash;
      if (current !== null) {
        if (!body.oldPaymentPassword) failFields([required('oldPaymentPassword')]);
        await verifyPaymentPassword(memberId, body.oldPaymentPassword ?? '');
        if (password === body.oldPaymentPassword) {
          throw new AppError(ErrorCode.PASSWORD_TOO_WEAK, 'The new payment password must differ from the current one', {
            reason: 'unchanged',
          });
        }
      }
      const hash = await hasher.hash(password);
      if (!(await updatePaymentPasswordHash(db, memberId, hash, current))) {
        // Another request set or changed it between our read and our write.
        throw new AppError(
          ErrorCode.PAYMENT_PASSWORD_ALREADY_SET,
          'The payment password was changed meanwhile; reload and retry',
        );
      }
    },
  };
}
