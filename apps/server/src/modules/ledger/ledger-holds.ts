import type { Kysely } from 'kysely';
import { ErrorCode } from '@wps/shared/error-codes';
import type { LedgerKind } from '@wps/shared/ledger-kinds';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import {
  findAccounts,
  findHoldByCreateTransaction,
  findTransactionById,
  insertHold,
  lockHold,
  resolveHold,
  upsertSystemAccount,
} from './ledger.repository';
import { assertWellFormed, hashRequest, toStoredResult } from './ledger-request';
import type { HoldResult, PostResult, PostTransactionInput, SystemPurpose } from './ledger.types';

type Db = Kysely<Database>;

/** What the hold use cases borrow from the ledger service. */
export type LedgerHoldDeps = {
  /** Run in the caller's transaction (a savepoint) or in a new one, retried on 40001/40P01. */
  runInTransaction<T>(trx: Db | undefined, fn: (t: Db) => Promise<T>): Promise<T>;
  /** One ledger_post inside a transaction, its refusals as AppErrors. */
  postWithin(trx: Db, input: PostTransactionInput, requestHash: string): Promise<PostResult>;
};

/**
 * Two-phase money: a hold moves money into a holding account, and is later posted to a
 * destination or voided back to its source, exactly once.
 */
export function createLedgerHolds({ runInTransaction, postWithin }: LedgerHoldDeps) {
  /** Move money from an account into a holding account, pending a later post or void. */
  async function createHold(
    input: {
      sourceAccountId: string;
      amountMinor: bigint;
      kind: LedgerKind;
      idempotencyKey: string;
      holdPurpose?: SystemPurpose;
      reference?: string | null;
      metadata?: Record<string, unknown>;
    },
    trx?: Db,
  ): Promise<HoldResult> {
    if (input.amountMinor <= 0n) throw new Error('ledger: a hold amount is positive');
    return runInTransaction(trx, async (t) => {
      const [source] = await findAccounts(t, [input.sourceAccountId]);
      if (!source) throw new Error('ledger: unknown hold source account');
      const holdAccountId = await upsertSystemAccount(t, input.holdPurpose ?? 'withdrawal_hold', source.currency);
      const post: PostTransactionInput = {
        kind: input.kind,
        idempotencyKey: input.idempotencyKey,
        reference: input.reference ?? null,
        metadata: { ...input.metadata, holdAction: 'create' },
        entries: [
          { accountId: source.id, amountMinor: -input.amountMinor },
          { accountId: holdAccountId, amountMinor: input.amountMinor },
        ],
      };
      assertWellFormed(post);
      const result = await postWithin(t, post, hashRequest(post));
      if (result.replayed) {
        const hold = await findHoldByCreateTransaction(t, result.transactionId);
        if (!hold) throw new Error(`ledger: transaction ${result.transactionId} did not create a hold`);
        return { ...result, holdId: hold.id };
      }
      const holdId = await insertHold(t, {
        sourceAccountId: source.id,
        holdAccountId,
        amount: input.amountMinor,
        currency: source.currency,
        createTransactionId: result.transactionId,
        reference: input.reference ?? null,
      });
      return { ...result, holdId };
    });
  }

  /** Resolve a pending hold exactly once: post it to a destination, or void it back to its source. */
  async function resolve(
    action: 'post' | 'void',
    input: {
      holdId: string;
      destinationAccountId?: string;
      kind: LedgerKind;
      idempotencyKey: string;
      metadata?: Record<string, unknown>;
    },
    trx?: Db,
  ): Promise<HoldResult> {
    const status = action === 'post' ? 'posted' : 'voided';
    return runInTransaction(trx, async (t) => {
      const hold = await lockHold(t, input.holdId);
      if (!hold) throw new AppError(ErrorCode.NOT_FOUND, 'Hold not found', { holdId: input.holdId });
      if (hold.status !== 'pending') {
        const resolvedBy = hold.resolveTransactionId
          ? await findTransactionById(t, hold.resolveTransactionId)
          : undefined;
        if (resolvedBy && hold.status === status && resolvedBy.idempotencyKey === input.idempotencyKey) {
          return { ...toStoredResult(resolvedBy, true), holdId: hold.id };
        }
        throw new AppError(ErrorCode.IDEMPOTENCY_CONFLICT, `Hold is already ${hold.status}`, {
          holdId: hold.id,
          status: hold.status,
        });
      }
      const target = action === 'post' ? input.destinationAccountId : hold.sourceAccountId;
      if (!target) throw new Error('ledger: posting a hold needs a destination account');
      const post: PostTransactionInput = {
        kind: input.kind,
        idempotencyKey: input.idempotencyKey,
        reference: `hold:${hold.id}`,
        metadata: { ...input.metadata, holdId: hold.id, holdAction: action },
        entries: [
          { accountId: hold.holdAccountId, amountMinor: -hold.amount },
          { accountId: target, amountMinor: hold.amount },
        ],
      };
      assertWellFormed(post);
      const result = await postWithin(t, post, hashRequest(post));
      if (result.replayed) {
        // The key already names another transaction while this hold is still pending.
        throw new AppError(ErrorCode.IDEMPOTENCY_CONFLICT, 'Idempotency key was already used for a different request', {
          idempotencyKey: input.idempotencyKey,
        });
      }
      if (!(await resolveHold(t, hold.id, status, result.transactionId))) {
        throw new Error(`ledger: hold ${hold.id} was resolved concurrently despite the row lock`);
      }
      return { ...result, holdId: hold.id };
    });
  }

  return {
    createHold,
    /** Post a pending hold to its destination (e.g. the gateway clearing account). */
    postHold: (
      input: {
        holdId: string;
        destinationAccountId: string;
        kind: LedgerKind;
        idempotencyKey: string;
        metadata?: Record<string, unknown>;
      },
      trx?: Db,
    ) => resolve('post', input, trx),
    /** Void a pending hold: the money returns to the account it came from. */
    voidHold: (
      input: { holdId: string; kind: LedgerKind; idempotencyKey: string; metadata?: Record<string, unknown> },
      trx?: Db,
    ) => resolve('void', input, trx),
  };
}
