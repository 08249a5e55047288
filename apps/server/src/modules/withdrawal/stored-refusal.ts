import type { Kysely } from 'kysely';
import { ErrorCode } from '@wps/shared/error-codes';
import type { Database } from '../../db/schema';
import { AppError, isAppError } from '../../http/app-error';

type Db = Kysely<Database>;

export type RefusalScope = 'withdrawal' | 'transfer_upline' | 'transfer_downline';

/** Who asked what under which key: a stored refusal answers only the same request. */
export type RefusalKey = { scope: RefusalScope; memberId: string; idempotencyKey: string; fingerprint: string };

/**
 * Refusals decided at the money step, once the request is authenticated (token and payment
 * password) and well-formed: a retry with the same key would otherwise execute as soon as the
 * state changed (a top-up, a new UTC day). They are stored under the key and answered to every
 * retry. Everything else (validation, limits of the form, wrong payment password, bank account,
 * upline not allowed, lock and database errors) is not stored: it never reached the money step,
 * and the same key may be retried once it is fixed. docs/api.md lists both.
 */
export const FINAL_REFUSALS: ReadonlySet<ErrorCode> = new Set([
  ErrorCode.INSUFFICIENT_FUNDS,
  ErrorCode.WITHDRAWAL_DAILY_LIMIT_REACHED,
]);

/** Whether a thrown value is a refusal that is stored under the request's key. */
export function isFinalRefusal(err: unknown): err is AppError {
  return isAppError(err) && FINAL_REFUSALS.has(err.errorCode);
}

/**
 * Throw the refusal stored under this key: the same AppError (code, message, details as they
 * were) for the same request, IDEMPOTENCY_CONFLICT when the key was refused for another request.
 * Returns when nothing is stored.
 */
export async function replayStoredRefusal(db: Db, key: RefusalKey): Promise<void> {
  const row = await db
    .selectFrom('money_request_refusals')
    .select(['request_fingerprint as requestFingerprint', 'error_code as errorCode', 'message', 'details'])
    .where('scope', '=', key.scope)
    .where('member_id', '=', key.memberId)
    .where('idempotency_key', '=', key.idempotencyKey)
    .executeTakeFirst();
  if (!row) return;
  if (row.requestFingerprint !== key.fingerprint) {
    throw new AppError(ErrorCode.IDEMPOTENCY_CONFLICT, 'Idempotency key was already used for a different request', {
      idempotencyKey: key.idempotencyKey,
    });
  }
  throw new AppError(row.errorCode as ErrorCode, row.message, row.details ?? undefined);
}

/** Store a final refusal under its key, in the caller's transaction (the one that decided it). */
export async function storeRefusal(trx: Db, key: RefusalKey, err: AppError): Promise<void> {
  await trx
    .insertInto('money_request_refusals')
    .values({
      scope: key.scope,
      member_id: key.memberId,
      idempotency_key: key.idempotencyKey,
      request_fingerprint: key.fingerprint,
      error_code: err.errorCode,
      message: err.message,
      details: err.value === undefined ? null : JSON.stringify(err.value),
    })
    .execute();
}

/**
 * Run the money step of a request inside the caller's transaction (which holds the member's lock,
 * so a stored refusal and an executed request can never both exist for one key): a final refusal
 * is stored and returned as `refused`, to be thrown once the transaction has committed.
 */
export async function decideOnce<T>(
  trx: Db,
  key: RefusalKey,
  step: () => Promise<T>,
): Promise<{ value: T } | { refused: AppError }> {
  await replayStoredRefusal(trx, key);
  try {
    return { value: await step() };
  } catch (err) {
    if (!isFinalRefusal(err)) throw err;
    await storeRefusal(trx, key, err);
    return { refused: err };
  }
}
