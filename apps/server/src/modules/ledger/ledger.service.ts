import type { Kysely } from 'kysely';
import { ErrorCode } from '@wps/shared/error-codes';
import type { Brand } from '@wps/shared/schemas/system';
import type { DatabaseKind } from '../../db/database';
import { createGroupCommit } from '../../db/group-commit';
import {
  isRetryableBatchError,
  runInTransaction as runInNewTransaction,
  serverBusy,
} from '../../db/run-in-transaction';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { AppContext } from '../../app-context';
import {
  findAccounts,
  findMemberAccount,
  LEDGER_POST_ERRORS,
  lockAccountsInOrder,
  postLedgerBatch,
  postLedgerTransaction,
  upsertMemberAccount,
  upsertMemberAccounts,
  upsertSystemAccount,
  type BatchPost,
  type BatchPostOutcome,
  type PostOutcome,
} from './ledger.repository';
import { createLedgerHolds } from './ledger-holds';
import { findMemberStatement, findTopRoundWins, type StatementFilter } from './ledger-reports.repository';
import { assertWellFormed, hashRequest } from './ledger-request';
import type { CreditFromSystemInput, PostResult, PostTransactionInput, SystemPurpose } from './ledger.types';
import { runInSavepoint } from '../../db/run-in-savepoint';

type Db = Kysely<Database>;

export const PLAYER_MAIN = 'player_main';

export type LedgerContext = Pick<AppContext, 'db' | 'log' | 'metrics'> & {
  /** PGlite has one connection, so posts go one batch at a time. */
  databaseKind?: DatabaseKind;
  /** The operator's brand gives the currency of new player wallets. */
  system?: { getBrand(): Promise<Brand> };
};

/** Tries for a batch of posts, when it loses a race for a key or PostgreSQL reports 40001 or 40P01. */
const MAX_BATCH_ATTEMPTS = 5;
/**
 * Most posts applied in one statement. Measured (bench:wallet, 2 cores): batches of 8 with two in
 * flight beat both larger batches (one connection then does all the work) and smaller ones.
 */
const MAX_BATCH = 8;

/**
 * The ledger's own lost race, beside 40001 and 40P01: a key claimed meanwhile (LE004). A batch of
 * posts, or of the callbacks and tickets that post through the ledger's functions, that hit it
 * runs again (isRetryableBatchError).
 */
export const LEDGER_RACE_CODES: readonly string[] = [LEDGER_POST_ERRORS.keyRace];
const isRetryable = (err: unknown) => isRetryableBatchError(err, LEDGER_RACE_CODES);

/** The double-entry ledger: every balance change is a balanced, idempotent, append-only transaction. */
export function createLedgerService(ctx: LedgerContext) {
  const { db, log } = ctx;
  let operatorCurrency: string | undefined;
  let savepointSeq = 0;

  /** The operator's currency; refreshed on every call made outside a transaction. */
  async function getOperatorCurrency(dbOrTrx: Db = db): Promise<string> {
    // Inside a caller's transaction use the cached value: on PGlite (one connection) a query
    // outside that transaction would wait for it forever.
    if (dbOrTrx.isTransaction && operatorCurrency) return operatorCurrency;
    if (!ctx.system) throw new Error('ledger: no system service to read the operator currency from');
    const brand = await ctx.system.getBrand();
    operatorCurrency = brand.currency;
    return operatorCurrency;
  }

  /** Run `fn` in the caller's transaction (inside a savepoint) or in a new one, retried on 40001/40P01. */
  async function runInTransaction<T>(trx: Db | undefined, fn: (t: Db) => Promise<T>): Promise<T> {
    if (trx) {
      savepointSeq = (savepointSeq + 1) % 1_000_000;
      return runInSavepoint(trx, `ledger_sp_${savepointSeq}`, () => fn(trx));
    }
    return runInNewTransaction(db, fn, {
      onRetry: (err, attempt) =>
        log.warn({ attempt, code: (err as { code?: unknown }).code }, 'ledger transaction retried'),
    });
  }

  /** A post's answer as a result, or the error a caller sees. */
  function toPostResult(outcome: BatchPostOutcome, input: PostTransactionInput): PostResult {
    if (outcome.status === 'insufficient') {
      throw new AppError(ErrorCode.INSUFFICIENT_FUNDS, 'Insufficient funds', { balance: outcome.balance });
    }
    if (outcome.status === 'conflict') {
      throw new AppError(ErrorCode.IDEMPOTENCY_CONFLICT, 'Idempotency key was already used for a different request', {
        idempotencyKey: input.idempotencyKey,
      });
    }
    if (!outcome.result) throw new Error(`ledger: transaction ${outcome.transactionId} has no stored result`);
    if (outcome.status !== 'replayed') ctx.metrics?.ledgerPost(input.kind);
    return {
      transactionId: outcome.transactionId,
      replayed: outcome.status === 'replayed',
      balances: outcome.result.balances,
    };
  }

  /** A caller's transaction: one ledger_post statement inside it. */
  async function postWithin(trx: Db, input: PostTransactionInput, requestHash: string): Promise<PostResult> {
    let outcome: PostOutcome;
    try {
      outcome = await postLedgerTransaction(trx, {
        kind: input.kind,
        idempotencyKey: input.idempotencyKey,
        requestHash,
        reference: input.reference ?? null,
        metadata: input.metadata ?? {},
        entries: input.entries.map((e) => ({ accountId: e.accountId, amount: e.amountMinor })),
      });
    } catch (err) {
      const { code, detail } = (err ?? {}) as { code?: unknown; detail?: unknown };
      if (code === LEDGER_POST_ERRORS.insufficientFunds)
        return toPostResult({ status: 'insufficient', balance: String(detail) }, input);
      throw err;
    }
    return toPostResult(outcome, input);
  }

  /** One post as its own statement, its refusal for want of funds as an answer. */
  async function postAlone(post: BatchPost): Promise<BatchPostOutcome> {
    try {
      return await postLedgerTransaction(db, {
        kind: post.kind,
        idempotencyKey: post.key,
        requestHash: post.hash,
        reference: post.reference,
        metadata: post.metadata,
        entries: post.accounts.map((accountId, i) => ({ accountId, amount: BigInt(post.amounts[i]!) })),
      });
    } catch (err) {
      const { code, detail } = (err ?? {}) as { code?: unknown; detail?: unknown };
      if (code === LEDGER_POST_ERRORS.insufficientFunds) return { status: 'insufficient', balance: String(detail) };
      throw err;
    }
  }

  // Alone, a post skips the batch's extra locking and funds check: ledger_post does both. A batch
  // that lost a race for a key (LE004) or hit a deadlock runs again; any other failure runs its
  // posts one by one, so one malformed post cannot fail the others.
  const batches = createGroupCommit<BatchPost, BatchPostOutcome>({
    run: async (posts) => (posts.length === 1 ? [await postAlone(posts[0]!)] : postLedgerBatch(db, posts)),
    maxBatch: MAX_BATCH,
    // One connection on PGlite; on PostgreSQL a second batch runs while one commits.
    maxInFlight: ctx.databaseKind === 'postgres' ? 2 : 1,
    recover: {
      isRetryable,
      attempts: MAX_BATCH_ATTEMPTS,
      onRetry: (err, attempt, size) =>
        log.warn({ attempt, code: (err as { code?: unknown }).code, size }, 'ledger batch retried'),
    },
    observe: ctx.metrics?.groupCommit('ledger'),
  });

  /** Post a balanced transaction exactly once per idempotency key: the same key with another request is a conflict. */
  async function postTransaction(input: PostTransactionInput, trx?: Db): Promise<PostResult> {
    assertWellFormed(input);
    const requestHash = hashRequest(input);
    if (!trx) {
      // On its own the post joins the next batch: posts arriving together share one statement and one commit.
      const outcome = await batches
        .submit({
          kind: input.kind,
          key: input.idempotencyKey,
          hash: requestHash,
          reference: input.reference ?? null,
          metadata: input.metadata ?? {},
          accounts: input.entries.map((e) => e.accountId),
          amounts: input.entries.map((e) => e.amountMinor.toString()),
        })
        .catch((err: unknown) => {
          // Every try of the batch lost its race: nothing was written, the caller may try again.
          throw isRetryable(err) ? serverBusy(MAX_BATCH_ATTEMPTS) : err;
        });
      return toPostResult(outcome, input);
    }
    const post = () => runInTransaction(trx, (t) => postWithin(t, input, requestHash));
    try {
      return await post();
    } catch (err) {
      // Lost the race for the key to a concurrent post that has committed: now it is a replay.
      if ((err as { code?: unknown } | null)?.code !== LEDGER_POST_ERRORS.keyRace) throw err;
      return post();
    }
  }

  /**
   * Post several balanced transactions inside the caller's transaction in one statement
   * (ledger_post_batch), each exactly once per idempotency key; answers in input order. A refusal
   * for want of funds or a key used for another request throws, rolling the caller back.
   */
  async function postManyWithin(trx: Db, inputs: PostTransactionInput[]): Promise<PostResult[]> {
    if (inputs.length === 0) return [];
    const posts = inputs.map((input) => {
      assertWellFormed(input);
      return {
        kind: input.kind,
        key: input.idempotencyKey,
        hash: hashRequest(input),
        reference: input.reference ?? null,
        metadata: input.metadata ?? {},
        accounts: input.entries.map((e) => e.accountId),
        amounts: input.entries.map((e) => e.amountMinor.toString()),
      };
    });
    const outcomes = await postLedgerBatch(trx, posts);
    return outcomes.map((outcome, i) => toPostResult(outcome, inputs[i]!));
  }

  /** The id of a member's main wallet in the operator currency, created when missing. */
  async function ensurePlayerWallet(dbOrTrx: Db, memberId: string, currency?: string): Promise<string> {
    const cur = currency ?? (await getOperatorCurrency(dbOrTrx));
    return upsertMemberAccount(dbOrTrx, {
      memberId: String(memberId),
      purpose: PLAYER_MAIN,
      currency: cur,
      isPlayer: true,
    });
  }

  /** The id of a member's player account of another purpose (e.g. a wallet at a vendor), created when missing. */
  async function ensureMemberAccount(
    dbOrTrx: Db,
    memberId: string,
    purpose: string,
    currency: string,
  ): Promise<string> {
    return upsertMemberAccount(dbOrTrx, { memberId: String(memberId), purpose, currency, isPlayer: true });
  }

  /** A member's balance in an account of this purpose; 0 when the account does not exist yet. */
  async function getMemberAccountBalance(
    memberId: string,
    purpose: string,
    currency: string,
    dbOrTrx: Db = db,
  ): Promise<bigint> {
    const account = await findMemberAccount(dbOrTrx, String(memberId), purpose, currency);
    return account?.balance ?? 0n;
  }

  /** The id of a system account, created for a new currency on first use. */
  async function ensureSystemAccount(purpose: SystemPurpose, currency: string, dbOrTrx: Db = db): Promise<string> {
    return upsertSystemAccount(dbOrTrx, purpose, currency);
  }

  /** Credit a player's main wallet from a system account (promotion budget, demo bank, …). */
  async function creditPlayerFromSystem(input: CreditFromSystemInput, trx?: Db): Promise<PostResult> {
    const purpose = 'systemAccount' in input ? input.systemAccount : input.systemPurpose;
    if (input.amountMinor <= 0n) throw new Error('ledger: a credit amount is positive');
    // An existing wallet fixes the currency, so a caller's transaction needs no outside read.
    const existing = await findMemberAccount(trx ?? db, String(input.memberId), PLAYER_MAIN);
    const currency = existing?.currency ?? (await getOperatorCurrency(trx ?? db));
    const build = async (t: Db): Promise<PostTransactionInput> => {
      // The wallet found above is the one of that currency (one per member, purpose and currency).
      const walletId = existing?.id ?? (await ensurePlayerWallet(t, input.memberId, currency));
      const systemId = await ensureSystemAccount(purpose, currency, t);
      return {
        kind: input.kind,
        idempotencyKey: input.idempotencyKey,
        reference: input.reference ?? null,
        metadata: { ...input.metadata, memberId: String(input.memberId), systemAccount: purpose },
        entries: [
          { accountId: systemId, amountMinor: -input.amountMinor },
          { accountId: walletId, amountMinor: input.amountMinor },
        ],
      };
    };
    if (trx) return postTransaction(await build(trx), trx);
    // Creating the accounts is idempotent on its own; the money moves in the service's own transaction.
    return postTransaction(await build(db));
  }

  /** A member's main-wallet balance in the operator currency; 0 when the member has no wallet yet. */
  async function getPlayerBalance(memberId: string, currency?: string): Promise<bigint> {
    const cur = currency ?? (await getOperatorCurrency());
    const account = await findMemberAccount(db, String(memberId), PLAYER_MAIN, cur);
    return account?.balance ?? 0n;
  }

  const holds = createLedgerHolds({ runInTransaction, postWithin });

  return {
    getOperatorCurrency,
    ensurePlayerWallet,
    ensureMemberAccount,
    /** Several members' player accounts of one purpose (their main wallets: PLAYER_MAIN), created when missing: member id → account id. */
    ensureMemberAccounts: (
      dbOrTrx: Db,
      memberIds: string[],
      purpose: string,
      currency: string,
    ): Promise<Map<string, string>> => upsertMemberAccounts(dbOrTrx, memberIds, purpose, currency, true),
    getMemberAccountBalance,
    ensureSystemAccount,
    postTransaction,
    postManyWithin,
    creditPlayerFromSystem,
    getPlayerBalance,
    createHold: holds.createHold,
    postHold: holds.postHold,
    voidHold: holds.voidHold,
    /**
     * Lock accounts for the rest of the caller's transaction, in id order (the order posts lock
     * them in): a caller that must hold its accounts before locking rows of its own.
     */
    lockAccounts: (trx: Db, accountIds: string[]): Promise<void> => lockAccountsInOrder(trx, accountIds),
    /** An account's balance as `dbOrTrx` sees it (inside a transaction: including its own posts). */
    async getAccountBalance(accountId: string, dbOrTrx: Db = db): Promise<bigint> {
      const [account] = await findAccounts(dbOrTrx, [accountId]);
      if (!account) throw new Error(`ledger: unknown account ${accountId}`);
      return account.balance;
    },
    /** One page of a member's ledger entries, newest first, with the total (the account statement). */
    findMemberStatement: (filter: StatementFilter, offset: number, limit: number) =>
      findMemberStatement(db, filter, offset, limit),
    /** The listed members' biggest net round wins (payout above stake) since a time (the winners board). */
    findTopRoundWins: (q: Parameters<typeof findTopRoundWins>[1]) => findTopRoundWins(db, q),
    /** Run `fn` in a new transaction, retried as a whole on 40001/40P01 (callers that lock more than ledger rows). */
    transaction: <T>(fn: (t: Db) => Promise<T>): Promise<T> => runInTransaction(undefined, fn),
  };
}

export type LedgerService = ReturnType<typeof createLedgerService>;
