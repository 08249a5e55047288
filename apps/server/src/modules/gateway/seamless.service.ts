import type { Kysely } from 'kysely';
import { ErrorCode } from '@wps/shared/error-codes';
import { isTrialType } from '@wps/shared/constants';
import { formatMinor } from '@wps/shared/money';
import type { VendorWalletResult } from '@wps/shared/schemas/gateway';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { AppContext } from '../../app-context';
import { createGroupCommit } from '../../db/group-commit';
import { runInTransaction, serverBusy } from '../../db/run-in-transaction';
import type { DatabaseKind } from '../../db/database';
import { isRetryableBatchError, type LedgerService } from '../ledger/ledger.service';
import { MAX_INT8, PLAYER_BONUS, type SystemPurpose } from '../ledger/ledger.types';
import type { MemberService } from '../member/member.service';
import type { SystemService } from '../system/system.service';
import { applySeamlessOps, type RoundRow, type SeamlessOp, type SeamlessOpAnswer } from './seamless.repository';
import { refuse } from './seamless-refusals';
import { hashCallback, housePurposeFor, housePurposeForSlot } from './seamless-shared';
import { createSeamlessRollback } from './seamless-rollback';
import type { SeamlessAccounts, SeamlessBetInput, SeamlessResult, SeamlessService, SeamlessWinInput, WinLimits } from './seamless.types';

type Db = Kysely<Database>;

export type SeamlessContext = Pick<AppContext, 'db' | 'log' | 'metrics'> & {
  databaseKind: DatabaseKind;
  system: Pick<SystemService, 'getBrand'>;
  ledger: LedgerService;
  member: Pick<MemberService, 'findMemberBrief'>;
  /** The cap on a single win; none when absent. */
  winLimits?: WinLimits;
};

/** Tries for a batch that lost a race for a key or hit 40001/40P01. */
const MAX_BATCH_ATTEMPTS = 5;
/**
 * Most bets and wins applied in one statement. Measured (bench:callbacks, 2 cores, 50 players):
 * batches of 16 with two in flight beat 64 (one connection then does all the work) and three in flight.
 */
const MAX_BATCH = 16;

/** A bet or win waiting for its batch, which picks the house shard (the demo house for trial players). */
type QueuedOp = Omit<SeamlessOp, 'houseId'> & { demo: boolean };

/** Build the seamless wallet over the ledger: player main wallet ↔ house_cash (sharded; house_demo for trial players), kinds bet/win/rollback. */
export function createSeamlessService(ctx: SeamlessContext): SeamlessService {
  const { db, log, system, ledger } = ctx;
  // Account ids never change once created, and neither does an account's type (a trial account
  // stays one), so hot callbacks skip the upserts and the member read.
  const wallets = new Map<string, { walletId: string; bonusWalletId: string; demo: boolean }>();
  const houseIds = new Map<string, string>();

  /**
   * The player's wallet and house shard. Called before the callback's transaction: creating an
   * account inside many concurrent transactions would make them queue on one uncommitted insert.
   * `demo`: a trial account, whose game money moves against the demo house, never house_cash.
   */
  async function accountsFor(_t: Db, memberId: string, currency: string): Promise<SeamlessAccounts> {
    let wallet = wallets.get(`${memberId}:${currency}`);
    if (!wallet) {
      // Only members get a wallet: a made-up player id in a win or rollback is an unknown bet.
      const member = await ctx.member.findMemberBrief(String(memberId));
      if (!member) throw refuse('unknown_player');
      // The bonus account exists from the first game on, so the bet path never has to ask
      // whether it does: a player without bonus money has it at zero (migration 0251).
      wallet = {
        walletId: await ledger.ensurePlayerWallet(db, memberId, currency),
        bonusWalletId: await ledger.ensureMemberAccount(db, memberId, PLAYER_BONUS, currency),
        demo: isTrialType(Number(member.type)),
      };
      wallets.set(`${memberId}:${currency}`, wallet);
    }
    return { ...wallet, houseId: await houseAccount(housePurposeFor(memberId, wallet.demo), currency) };
  }

  /** A house shard's account id (cached: ids never change). */
  async function houseAccount(purpose: SystemPurpose, currency: string): Promise<string> {
    let houseId = houseIds.get(`${purpose}:${currency}`);
    if (!houseId) {
      houseId = await ledger.ensureSystemAccount(purpose, currency, db);
      houseIds.set(`${purpose}:${currency}`, houseId);
    }
    return houseId;
  }

  async function brand() {
    const b = await system.getBrand();
    return { currency: b.currency, scale: b.currencyScale };
  }

  function answer(
    memberId: string,
    money: { currency: string; scale: number },
    balanceMinor: bigint,
    transactionId: string | null,
    round: Pick<RoundRow, 'status'> | undefined,
  ): VendorWalletResult {
    return {
      playerId: String(memberId),
      currency: money.currency,
      balance: formatMinor(balanceMinor, money.scale),
      balanceMinor: balanceMinor.toString(),
      transactionId,
      roundStatus: round?.status ?? null,
    };
  }

  /** Run one callback in its own transaction, retried as a whole on 40001/40P01. */
  async function inTransaction<T>(fn: (t: Db) => Promise<T>): Promise<T> {
    try {
      return await runInTransaction(db, fn, { onRetry: (_err, attempt) => log.warn({ attempt }, 'seamless callback retried') });
    } catch (err) {
      // A player id that is no member fails the foreign key: for the vendor that is an unknown bet.
      if ((err as { code?: string }).code === '23503') throw refuse('unknown_player');
      // A refund that would carry the wallet past the bigint range: refused, not stored, so it
      // is applied on a retry once the balance allows it (the bet is still owed back).
      if ((err as { code?: string }).code === '22003') throw refuse('amount_overflow');
      throw err;
    }
  }

  /** What the vendor is shown: real money plus bonus money. */
  async function currentBalance(t: Db, memberId: string, currency: string): Promise<bigint> {
    const { walletId, bonusWalletId } = await accountsFor(db, memberId, currency);
    return (await ledger.getAccountBalance(walletId, t)) + (await ledger.getAccountBalance(bonusWalletId, t));
  }

  /** In-process callers skip the HTTP schema: ids must still fit the stored columns. */
  function assertIds(ids: (string | undefined)[]): void {
    for (const id of ids) {
      if (id !== undefined && !/^[A-Za-z0-9_.:-]{1,100}$/.test(id)) {
        throw new AppError(ErrorCode.VALIDATION_FAILED, 'Ids are 1–100 characters of A–Z a–z 0–9 _ . : -', { id });
      }
    }
  }

  // A batch that lost a race (LE004) or hit a deadlock runs again; any other failure runs its
  // callbacks one by one, so one bad callback cannot fail the others.
  const batches = createGroupCommit<QueuedOp, SeamlessOpAnswer>({
    // A batch moves the house side on its slot's own house shard: batches running side by side
    // then never queue on one house row.
    run: async (queued, slot) => {
      const ops: SeamlessOp[] = [];
      for (const { demo, ...op } of queued) ops.push({ ...op, houseId: await houseAccount(housePurposeForSlot(slot, demo), op.currency) });
      return applySeamlessOps(db, ops);
    },
    maxBatch: MAX_BATCH,
    // One connection on PGlite; on PostgreSQL a second batch is built while one commits.
    maxInFlight: ctx.databaseKind === 'pglite' ? 1 : 2,
    recover: {
      isRetryable: isRetryableBatchError,
      attempts: MAX_BATCH_ATTEMPTS,
      onRetry: (err, attempt, size) => log.warn({ attempt, code: (err as { code?: unknown }).code, size }, 'seamless batch retried'),
    },
    observe: ctx.metrics?.groupCommit('seamless'),
  });

  /** Queue a bet or win and turn its answer into a result or an AppError. */
  async function apply(op: QueuedOp): Promise<SeamlessResult> {
    let answer: SeamlessOpAnswer;
    try {
      answer = await batches.submit(op);
    } catch (err) {
      // A player id that is no member fails the foreign key: for the vendor that is an unknown bet.
      if ((err as { code?: string }).code === '23503') throw refuse('unknown_player');
      // Every try of the batch lost its race: nothing was written, the vendor may send it again.
      if (isRetryableBatchError(err)) throw serverBusy(MAX_BATCH_ATTEMPTS);
      throw err;
    }
    if ('error' in answer) throw new AppError(answer.error.errorCode as ErrorCode, answer.error.message, answer.error.value);
    if (!answer.replayed) ctx.metrics?.[op.op](op.vassalage, BigInt(op.amount));
    return { ...(answer.ok as VendorWalletResult), replayed: answer.replayed };
  }

  async function bet(input: SeamlessBetInput): Promise<SeamlessResult> {
    assertIds([input.transactionId, input.roundId, input.gameId]);
    if (input.amountMinor <= 0n) throw new AppError(ErrorCode.AMOUNT_INVALID, 'A bet amount is positive');
    if (input.amountMinor > MAX_INT8) throw new AppError(ErrorCode.AMOUNT_INVALID, 'The amount is too large');
    const money = await brand();
    const requestHash = hashCallback({
      kind: 'bet',
      member: String(input.memberId),
      round: input.roundId,
      game: input.gameId,
      amount: input.amountMinor.toString(),
    });
    const { walletId, bonusWalletId, demo } = await accountsFor(db, input.memberId, money.currency);
    return apply({
      op: 'bet',
      vassalage: input.vassalage,
      txId: input.transactionId,
      roundId: input.roundId,
      memberId: String(input.memberId),
      nodeId: input.gameId,
      amount: input.amountMinor.toString(),
      hash: requestHash,
      walletId,
      bonusWalletId,
      demo,
      currency: money.currency,
      scale: money.scale,
    });
  }

  async function win(input: SeamlessWinInput): Promise<SeamlessResult> {
    assertIds([input.transactionId, input.roundId, input.betTransactionId]);
    if (input.amountMinor < 0n) throw new AppError(ErrorCode.AMOUNT_INVALID, 'A win amount is not negative');
    if (input.amountMinor > MAX_INT8) throw new AppError(ErrorCode.AMOUNT_INVALID, 'The amount is too large');
    const money = await brand();
    const { walletId, bonusWalletId, demo } = await accountsFor(db, input.memberId, money.currency);
    const requestHash = hashCallback({
      kind: 'win',
      member: String(input.memberId),
      round: input.roundId,
      bet: input.betTransactionId ?? null,
      amount: input.amountMinor.toString(),
      closed: input.roundClosed === true,
    });
    return apply({
      op: 'win',
      vassalage: input.vassalage,
      txId: input.transactionId,
      roundId: input.roundId,
      memberId: String(input.memberId),
      betTxId: input.betTransactionId ?? null,
      settle: input.roundClosed === true,
      winMultiple: ctx.winLimits?.multiple?.toString() ?? null,
      winMax: ctx.winLimits?.maxMinor?.toString() ?? null,
      amount: input.amountMinor.toString(),
      hash: requestHash,
      walletId,
      bonusWalletId,
      demo,
      currency: money.currency,
      scale: money.scale,
    });
  }

  async function balance(memberId: string): Promise<VendorWalletResult> {
    const money = await brand();
    // Real money plus bonus money, as on every answer; read without creating accounts.
    const [real, bonus] = await Promise.all([
      ledger.getPlayerBalance(memberId, money.currency),
      ledger.getMemberAccountBalance(memberId, PLAYER_BONUS, money.currency),
    ]);
    return answer(memberId, money, real + bonus, null, undefined);
  }

  const { rollback, endRound } = createSeamlessRollback({ db, ledger, brand, accountsFor, answer, inTransaction, currentBalance, assertIds });

  return { bet, win, rollback, endRound, balance };
}
