import type { Kysely } from 'kysely';
import { ErrorCode } from '@wps/shared/error-codes';
import { formatMinor } from '@wps/shared/money';
import type { VendorWalletResult } from '@wps/shared/schemas/gateway';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { AppContext } from '../../app-context';
import { createGroupCommit, type GroupCommit } from '../../db/group-commit';
import { isRetryableBatchError, runInTransaction, serverBusy } from '../../db/run-in-transaction';
import type { DatabaseKind } from '../../db/database';
import { LEDGER_RACE_CODES, type LedgerService } from '../ledger/ledger.service';
import { MAX_INT8, PLAYER_BONUS } from '../ledger/ledger.types';
import type { MemberService } from '../member/member.service';
import type { SystemService } from '../system/system.service';
import {
  applySeamlessBets,
  type applySeamlessOps,
  applySeamlessWins,
  type BetLimits,
  closeRounds,
  findRoundBet,
  type RoundRow,
  type SeamlessOp,
  type SeamlessOpAnswer,
  type UnshardedOp,
} from './seamless.repository';
import { refuse } from './seamless-refusals';
import { hashCallback, housePurposeForSlot } from './seamless-shared';
import { createSeamlessAccounts, type SeamlessWallet } from './seamless-accounts';
import { createBetsWithin } from './seamless-bets-within';
import { createSeamlessRollback } from './seamless-rollback';
import { createProductBets, type SeamlessProducts } from './seamless-product-bets';
import type {
  SeamlessBetInput,
  SeamlessCloseRoundsInput,
  SeamlessResult,
  SeamlessService,
  SeamlessWinInput,
  WinLimits,
} from './seamless.types';

type Db = Kysely<Database>;

export type SeamlessContext = Pick<AppContext, 'db' | 'log' | 'metrics'> & {
  databaseKind: DatabaseKind;
  system: Pick<SystemService, 'getBrand'>;
  ledger: LedgerService;
  member: Pick<MemberService, 'findMemberBrief' | 'findMemberTypes'>;
  /** The cap on a single win; none when absent. */
  winLimits?: WinLimits;
  /**
   * The player's own limits on bets (responsible gambling: stake and loss limits, required limits,
   * exclusions). Answers undefined when nothing applies (from its per-player cache, without a
   * promise), else a promise of the limits the bet's transaction decides (null: none), which
   * rejects with the refusal of an excluded player or one whose required limits are missing.
   */
  betGuard?: BetGuard;
  /**
   * The products the licence allows (licence-products.ts): a bet on a game of a class a licence
   * may forbid (a P2P table) asks the stake door in the transaction that takes it.
   */
  products?: SeamlessProducts;
};

export type BetGuard = {
  betLimits(memberId: string, trx: Db): Promise<BetLimits | null> | undefined;
  /** Read the rules of a batch's players at once (prepareBets), so betLimits answers each from memory. */
  warm?(memberIds: readonly string[], db: Db): Promise<void>;
  /** The loss limits a transfer into a vendor's wallet is decided against (null: none). */
  transferLimits(trx: Db, memberId: string): Promise<BetLimits | null>;
};

/** Tries for a batch that lost a race for a key or hit 40001/40P01. */
const MAX_BATCH_ATTEMPTS = 5;
/**
 * Most bets and wins applied in one statement. Measured (bench:callbacks, 2 cores, 50 players):
 * batches of 16 with two in flight beat 64 (one connection then does all the work) and three in flight.
 */
const MAX_BATCH = 16;
/** Batches in flight per queue on PostgreSQL. */
const MAX_IN_FLIGHT = 2;
/** Most wins of one settlement (winMany) applied in one statement: one commit for many players. */
const MAX_BULK_BATCH = 200;

/** Build the seamless wallet over the ledger: player main wallet ↔ house_cash (sharded; house_demo for trial players), kinds bet/win/rollback. */
export function createSeamlessService(ctx: SeamlessContext): SeamlessService {
  const { db, log, system, ledger } = ctx;
  // The players' wallets and the house shards, kept in memory once found (seamless-accounts.ts).
  const walletAccounts = createSeamlessAccounts({ db, ledger, member: ctx.member });
  const { accountsFor, warmAccounts, houseAccount } = walletAccounts;

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
      return await runInTransaction(db, fn, {
        onRetry: (_err, attempt) => log.warn({ attempt }, 'seamless callback retried'),
      });
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
  const queue = (name: string, maxBatch: number, firstSlot: number, applyOps: typeof applySeamlessOps) =>
    createGroupCommit<UnshardedOp, SeamlessOpAnswer>({
      // A batch moves the house side on its slot's own house shard: batches running side by side
      // then never queue on one house row.
      run: async (queued, slot) => {
        const ops: SeamlessOp[] = [];
        for (const { demo, ...op } of queued)
          ops.push({ ...op, houseId: await houseAccount(housePurposeForSlot(firstSlot + slot, demo), op.currency) });
        return applyOps(db, ops);
      },
      maxBatch,
      // One connection on PGlite; on PostgreSQL a second batch is built while one commits.
      maxInFlight: ctx.databaseKind === 'pglite' ? 1 : MAX_IN_FLIGHT,
      recover: {
        isRetryable: (err) => isRetryableBatchError(err, LEDGER_RACE_CODES),
        attempts: MAX_BATCH_ATTEMPTS,
        onRetry: (err, attempt, size) =>
          log.warn({ attempt, code: (err as { code?: unknown }).code, size }, 'seamless batch retried'),
      },
      observe: ctx.metrics?.groupCommit(name),
    });
  // A callbacks' batch goes through seamless_bet_many: its plain bets set-based (one statement
  // per table, migration 0390), every other op (a win, a refusal, a bonus player, whatever follows
  // one of these in the same wallet) through seamless_apply after them in the same statement, in
  // the batch's order per wallet; a batch holding a bet under the player's limits goes to
  // seamless_apply whole (applySeamlessBets).
  const batches = queue('seamless', MAX_BATCH, 0, applySeamlessBets);
  // Our own engine's settlements (winMany) go in larger batches on house shards of their own, so
  // a draw paying its winners never makes the vendors' callbacks wait behind it; their plain wins
  // are written set-based (seamless_win_many, migration 0317).
  const bulk = queue('seamless_bulk', MAX_BULK_BATCH, MAX_IN_FLIGHT, applySeamlessWins);

  // Bets on products a licence may forbid: the stake door asked in the bet's own transaction.
  const productBets = ctx.products
    ? createProductBets({ products: ctx.products, inTransaction, guardBet, settleAnswer })
    : null;

  /** Queue a bet or win and turn its answer into a result or an AppError. */
  async function apply(
    op: UnshardedOp,
    through: GroupCommit<UnshardedOp, SeamlessOpAnswer> = batches,
  ): Promise<SeamlessResult> {
    let answer: SeamlessOpAnswer;
    try {
      answer = await through.submit(op);
    } catch (err) {
      // A player id that is no member fails the foreign key: for the vendor that is an unknown bet.
      if ((err as { code?: string }).code === '23503') throw refuse('unknown_player');
      // Every try of the batch lost its race: nothing was written, the vendor may send it again.
      if (isRetryableBatchError(err, LEDGER_RACE_CODES)) throw serverBusy(MAX_BATCH_ATTEMPTS);
      throw err;
    }
    const settled = settleAnswer(op, answer);
    if (settled instanceof AppError) throw settled;
    return settled;
  }

  /** A bet as its batch takes it, checked (AppError for a bet no wallet would take). */
  function betOp(
    input: SeamlessBetInput,
    money: { currency: string; scale: number },
    accounts: SeamlessWallet,
  ): UnshardedOp {
    assertIds([input.transactionId, input.roundId, input.gameId]);
    if (input.amountMinor <= 0n) throw new AppError(ErrorCode.AMOUNT_INVALID, 'A bet amount is positive');
    if (input.amountMinor > MAX_INT8) throw new AppError(ErrorCode.AMOUNT_INVALID, 'The amount is too large');
    const requestHash = hashCallback({
      kind: 'bet',
      member: String(input.memberId),
      round: input.roundId,
      game: input.gameId,
      amount: input.amountMinor.toString(),
    });
    return {
      op: 'bet',
      vassalage: input.vassalage,
      txId: input.transactionId,
      roundId: input.roundId,
      memberId: String(input.memberId),
      nodeId: input.gameId,
      amount: input.amountMinor.toString(),
      hash: requestHash,
      walletId: accounts.walletId,
      bonusWalletId: accounts.bonusWalletId,
      demo: accounts.demo,
      currency: money.currency,
      scale: money.scale,
    };
  }

  async function bet(input: SeamlessBetInput): Promise<SeamlessResult> {
    assertIds([input.transactionId, input.roundId, input.gameId]);
    const money = await brand();
    const accounts = await accountsFor(db, input.memberId, money.currency);
    const op = betOp(input, money, accounts);
    // A bet on a product a licence may forbid, or any bet under a licence that checks the bettor
    // (identity, kyc; read from this instance's cached profile, so permissive queries nothing), is
    // decided at the stake door in a transaction of its own (seamless-product-bets.ts). Demo money
    // (free play) stakes nothing real: it is not asked who bets.
    const product = (await ctx.products?.classOf(input.gameId)) ?? null;
    const asksBettor = !accounts.demo && (await ctx.products?.checksBettors()) === true;
    if (productBets && (product !== null || asksBettor)) return productBets.bet(input, op, accounts.houseId, product);
    const rg = accounts.demo ? null : await guardBet(db, input);
    return apply(rg ? { ...op, rg } : op);
  }

  /**
   * The player's limits. An exclusion or missing required limits refuse the bet before it joins
   * its batch; the stake and loss limits go with the bet, and seamless_apply decides them under the
   * wallet's row lock, where bets sent together count each other's stakes (migration 0500). A bet
   * refused here that was already accepted (a vendor's retry) goes on to seamless_apply, which
   * answers it as the replay it is; so the guard never turns an accepted bet into a refusal.
   */
  async function guardBet(t: Db, input: SeamlessBetInput): Promise<BetLimits | null> {
    const check = ctx.betGuard?.betLimits(String(input.memberId), t);
    if (!check) return null;
    try {
      return await check;
    } catch (err) {
      if (err instanceof AppError && (await findRoundBet(t, input.vassalage, input.transactionId))) return null;
      throw err;
    }
  }

  /** A bet's answer from seamless_apply as a result, or the AppError it was refused with. */
  function settleAnswer(
    op: Pick<UnshardedOp, 'op' | 'vassalage' | 'amount'>,
    answer: SeamlessOpAnswer,
  ): SeamlessResult | AppError {
    if ('error' in answer)
      return new AppError(answer.error.errorCode as ErrorCode, answer.error.message, answer.error.value);
    if (!answer.replayed) ctx.metrics?.[op.op](op.vassalage, BigInt(op.amount));
    return { ...(answer.ok as VendorWalletResult), replayed: answer.replayed };
  }

  /** A win callback as its batch takes it, checked. */
  async function winOp(input: SeamlessWinInput): Promise<UnshardedOp> {
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
    return {
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
    };
  }

  async function win(input: SeamlessWinInput): Promise<SeamlessResult> {
    return apply(await winOp(input));
  }

  /** Many wins at once (a lottery draw's winners): each as win() pays it, sent in large batches. */
  async function winMany(inputs: SeamlessWinInput[]): Promise<SeamlessResult[]> {
    await warmAccounts(
      inputs.map((i) => i.memberId),
      (await brand()).currency,
    );
    const ops = await Promise.all(inputs.map(winOp));
    return Promise.all(ops.map((op) => apply(op, bulk)));
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

  // Our own engine's bets inside its own transactions, on house shards after the callbacks' (0, 1)
  // and the settlements' (2, 3).
  const { prepareBets, applyBetsWithin } = createBetsWithin({
    db,
    brand,
    accounts: walletAccounts,
    warmGuard: ctx.betGuard?.warm?.bind(ctx.betGuard),
    firstSlot: 2 * MAX_IN_FLIGHT,
    betOp,
    guardBet,
    settleAnswer,
  });

  const { rollback, endRound } = createSeamlessRollback({
    db,
    ledger,
    brand,
    accountsFor,
    answer,
    inTransaction,
    currentBalance,
    assertIds,
  });

  /** Many rounds settled in one statement (a lottery draw's rounds once its wins are paid): no money moves, so no ledger post. */
  async function closeMany(input: SeamlessCloseRoundsInput): Promise<number> {
    assertIds(input.rounds.map((r) => r.roundId));
    return closeRounds(db, input.vassalage, input.rounds);
  }

  return {
    bet,
    win,
    winMany,
    prepareBets,
    applyBetsWithin,
    rollback,
    endRound,
    closeRounds: closeMany,
    balance,
  };
}
