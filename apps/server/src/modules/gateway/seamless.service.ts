import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { ErrorCode } from '@wps/shared/error-codes';
import { isTrialType } from '@wps/shared/constants';
import { formatMinor } from '@wps/shared/money';
import type { VendorWalletResult } from '@wps/shared/schemas/gateway';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { AppContext } from '../../services';
import { createGroupCommit } from '../../db/group-commit';
import type { DatabaseKind } from '../../db/database';
import { isRetryableBatchError, isRetryableDatabaseError, MAX_INT8, type LedgerService, type SystemPurpose } from '../ledger/ledger.service';
import type { SystemService } from '../system/system.service';
import {
  applySeamlessOps,
  completeRoundBet,
  findMemberBrief,
  findRoundBet,
  insertRoundBet,
  lockAccountsInOrder,
  lockRound,
  markBetRolledBack,
  updateRound,
  type RoundBetRow,
  type RoundRow,
  type SeamlessOp,
  type SeamlessOpAnswer,
} from './gateway.repository';

type Db = Kysely<Database>;

// ---------------------------------------------------------------------------------------------
// The in-process seamless-wallet API. The HTTP callbacks (gateway.routes.ts) and our own game
// engine (vendor 'inhouse') both call these, so every vendor follows the same rules
// (../shared/guide/ledger.md "Game vendor callbacks").
// ---------------------------------------------------------------------------------------------

/** Debit a stake. `transactionId` is the vendor's id, unique per vendor. */
export type SeamlessBetInput = {
  vassalage: string;
  memberId: string;
  transactionId: string;
  roundId: string;
  /** The game's nodeId (catalogue). */
  gameId: string;
  amountMinor: bigint;
};

/** Credit a payout (0 allowed: a lost round). */
export type SeamlessWinInput = {
  vassalage: string;
  memberId: string;
  transactionId: string;
  roundId: string;
  /** The bet this win pays; without it the round must hold an accepted bet. */
  betTransactionId?: string;
  amountMinor: bigint;
  /** Settle the round with this win (no end-round call needed). */
  roundClosed?: boolean;
};

/** Refund a bet. Before its bet it leaves a tombstone; a second rollback refunds nothing. */
export type SeamlessRollbackInput = {
  vassalage: string;
  memberId: string;
  transactionId: string;
  roundId: string;
  betTransactionId: string;
};

/** Settle a round: no more bets, wins or rollbacks. Repeating it is harmless. */
export type SeamlessEndRoundInput = { vassalage: string; memberId: string; roundId: string };

/**
 * Every seamless answer. A replay of a transaction id returns the first answer unchanged
 * (`replayed` is the only field that differs).
 */
export type SeamlessResult = VendorWalletResult & { replayed: boolean };

/**
 * Refusals are AppErrors with these codes: INSUFFICIENT_FUNDS (value.balance/balanceMinor),
 * DUPLICATE_TRANSACTION (same id, different request), BET_NOT_FOUND (win/rollback/end-round for
 * nothing we know), BET_CANCELLED (the bet was rolled back before it arrived), ROUND_SETTLED,
 * ROUND_MISMATCH (the round belongs to another player).
 */
export type SeamlessService = {
  bet(input: SeamlessBetInput): Promise<SeamlessResult>;
  win(input: SeamlessWinInput): Promise<SeamlessResult>;
  rollback(input: SeamlessRollbackInput): Promise<SeamlessResult>;
  endRound(input: SeamlessEndRoundInput): Promise<SeamlessResult>;
  /** The player's main-wallet balance in the answer shape. */
  balance(memberId: string): Promise<VendorWalletResult>;
};

export type SeamlessContext = Pick<AppContext, 'db' | 'log'> & {
  databaseKind: DatabaseKind;
  system: Pick<SystemService, 'getBrand'>;
  ledger: LedgerService;
  /** The cap on a single win; none when absent. */
  winLimits?: WinLimits;
};

/**
 * A single win pays at most `multiple` × the round's stake (accepted bets less refunds) and at
 * most `maxMinor`; null turns a bound off. A win over it is refused with WIN_LIMIT_EXCEEDED,
 * stored like a refused bet (seamless_apply, migration 0070).
 */
export type WinLimits = { multiple: bigint | null; maxMinor: bigint | null };

const MAX_ATTEMPTS = 5;
/**
 * Most bets and wins applied in one statement. Measured (bench:callbacks, 2 cores, 50 players):
 * batches of 16 with two in flight beat 64 (one connection then does all the work) and three in flight.
 */
const MAX_BATCH = 16;

/**
 * The house side of game money is spread over this many system accounts (`house_cash` and
 * `house_cash_s1` … `house_cash_s15`): every bet and win updates a house row and holds its lock
 * until commit, so one row would serialise all players' callbacks. Bets and wins use their
 * batch slot's shard; rollbacks use the player's. Trial (free-play) accounts play against the
 * demo house (`house_demo`, `house_demo_s1` …), sharded the same way: demo money is never house
 * cash, so it never shows in the house's figures.
 */
export const HOUSE_SHARDS = 16;

/** The house account purpose that a player's game money moves against (rollbacks, end of round). */
export function housePurposeFor(memberId: string, demo = false): SystemPurpose {
  return houseShard(Number(BigInt(memberId) % BigInt(HOUSE_SHARDS)), demo);
}

/** The house shard a batch of bets and wins uses: one per batch slot, so running batches never share one. */
function housePurposeForSlot(slot: number, demo: boolean): SystemPurpose {
  return houseShard(slot % HOUSE_SHARDS, demo);
}

function houseShard(shard: number, demo: boolean): SystemPurpose {
  const base = demo ? 'house_demo' : 'house_cash';
  return shard === 0 ? base : `${base}_s${shard}`;
}

/** A bet or win waiting for its batch, which picks the house shard (the demo house for trial players). */
type QueuedOp = Omit<SeamlessOp, 'houseId'> & { demo: boolean };

/** A stored refusal: replays of a refused bet get the same refusal. */
type StoredError = { error: { errorCode: ErrorCode; message: string; value?: unknown } };

function hashCallback(parts: Record<string, string | boolean | null>): string {
  const canonical = Object.keys(parts)
    .sort()
    .map((k) => `${k}=${String(parts[k])}`)
    .join('&');
  return crypto.createHash('sha256').update(canonical).digest('hex');
}

function replay(row: RoundBetRow): SeamlessResult {
  const stored = row.response as (VendorWalletResult & Partial<StoredError>) | null;
  if (!stored) throw new Error(`seamless: vendor transaction ${row.vendorTxId} has no stored answer`);
  if (stored.error) throw new AppError(stored.error.errorCode, stored.error.message, stored.error.value);
  return { ...stored, replayed: true };
}

/** Build the seamless wallet over the ledger: player main wallet ↔ house_cash (sharded; house_demo for trial players), kinds bet/win/rollback. */
export function createSeamlessService(ctx: SeamlessContext): SeamlessService {
  const { db, log, system, ledger } = ctx;
  // Account ids never change once created, and neither does an account's type (a trial account
  // stays one), so hot callbacks skip the upserts and the member read.
  const wallets = new Map<string, { walletId: string; demo: boolean }>();
  const houseIds = new Map<string, string>();

  /**
   * The player's wallet and house shard. Called before the callback's transaction: creating an
   * account inside many concurrent transactions would make them queue on one uncommitted insert.
   * `demo`: a trial account, whose game money moves against the demo house, never house_cash.
   */
  async function accountsFor(_t: Db, memberId: string, currency: string): Promise<{ walletId: string; houseId: string; demo: boolean }> {
    let wallet = wallets.get(`${memberId}:${currency}`);
    if (!wallet) {
      // Only members get a wallet: a made-up player id in a win or rollback is an unknown bet.
      const member = await findMemberBrief(db, String(memberId));
      if (!member) throw new AppError(ErrorCode.BET_NOT_FOUND, 'Unknown player');
      wallet = { walletId: await ledger.ensurePlayerWallet(db, memberId, currency), demo: isTrialType(Number(member.type)) };
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
    for (let attempt = 1; ; attempt++) {
      try {
        return await db.transaction().execute(fn);
      } catch (err) {
        // A player id that is no member fails the foreign key: for the vendor that is an unknown bet.
        if ((err as { code?: string }).code === '23503') throw new AppError(ErrorCode.BET_NOT_FOUND, 'Unknown player');
        // A refund that would carry the wallet past the bigint range: refused, not stored, so it
        // is applied on a retry once the balance allows it (the bet is still owed back).
        if ((err as { code?: string }).code === '22003') throw new AppError(ErrorCode.AMOUNT_INVALID, 'The amount would overflow a balance');
        if (attempt >= MAX_ATTEMPTS || !isRetryableDatabaseError(err)) throw err;
        log.warn({ attempt }, 'seamless callback retried');
        await new Promise((r) => setTimeout(r, crypto.randomInt(2, 10) * attempt));
      }
    }
  }

  async function currentBalance(t: Db, memberId: string, currency: string): Promise<bigint> {
    const { walletId } = await accountsFor(db, memberId, currency);
    const row = await t.selectFrom('ledger_accounts').select('balance').where('id', '=', walletId).executeTakeFirstOrThrow();
    return BigInt(row.balance);
  }

  /** In-process callers skip the HTTP schema: ids must still fit the stored columns. */
  function assertIds(ids: (string | undefined)[]): void {
    for (const id of ids) {
      if (id !== undefined && !/^[A-Za-z0-9_.:-]{1,100}$/.test(id)) {
        throw new AppError(ErrorCode.VALIDATION_FAILED, 'Ids are 1–100 characters of A–Z a–z 0–9 _ . : -', { id });
      }
    }
  }

  /** Claim the transaction id, or settle what an earlier call with the same id decided. */
  async function claim(
    t: Db,
    row: Parameters<typeof insertRoundBet>[1],
  ): Promise<{ id: string } | { replay: RoundBetRow }> {
    const id = await insertRoundBet(t, row);
    if (id) return { id };
    const existing = await findRoundBet(t, row.vassalage, row.vendorTxId);
    if (!existing) throw new Error('seamless: transaction id conflict but no stored row');
    if (existing.kind === 'bet' && existing.status === 'cancelled' && row.kind === 'bet') {
      throw new AppError(ErrorCode.BET_CANCELLED, 'This bet was rolled back before it arrived', { transactionId: row.vendorTxId });
    }
    if (existing.requestHash !== row.requestHash) {
      throw new AppError(ErrorCode.DUPLICATE_TRANSACTION, 'This transaction id was already used for a different request', {
        transactionId: row.vendorTxId,
      });
    }
    return { replay: existing };
  }

  function checkRound(round: RoundRow | undefined, memberId: string): void {
    if (round && round.memberId !== String(memberId)) {
      throw new AppError(ErrorCode.ROUND_MISMATCH, 'This round belongs to another player', { roundId: round.roundId });
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
      attempts: MAX_ATTEMPTS,
      onRetry: (err, attempt, size) => log.warn({ attempt, code: (err as { code?: unknown }).code, size }, 'seamless batch retried'),
    },
  });

  /** Queue a bet or win and turn its answer into a result or an AppError. */
  async function apply(op: QueuedOp): Promise<SeamlessResult> {
    let answer: SeamlessOpAnswer;
    try {
      answer = await batches.submit(op);
    } catch (err) {
      // A player id that is no member fails the foreign key: for the vendor that is an unknown bet.
      if ((err as { code?: string }).code === '23503') throw new AppError(ErrorCode.BET_NOT_FOUND, 'Unknown player');
      throw err;
    }
    if ('error' in answer) throw new AppError(answer.error.errorCode as ErrorCode, answer.error.message, answer.error.value);
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
    const { walletId, demo } = await accountsFor(db, input.memberId, money.currency);
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
    const { walletId, demo } = await accountsFor(db, input.memberId, money.currency);
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
      demo,
      currency: money.currency,
      scale: money.scale,
    });
  }

  async function rollback(input: SeamlessRollbackInput): Promise<SeamlessResult> {
    assertIds([input.transactionId, input.roundId, input.betTransactionId]);
    const money = await brand();
    const requestHash = hashCallback({ kind: 'rollback', member: String(input.memberId), round: input.roundId, bet: input.betTransactionId });
    const accounts = await accountsFor(db, input.memberId, money.currency);
    return inTransaction(async (t) => {
      await lockAccountsInOrder(t, [accounts.walletId, accounts.houseId]);
      const claimed = await claim(t, {
        vassalage: input.vassalage,
        vendorTxId: input.transactionId,
        kind: 'rollback',
        roundId: input.roundId,
        memberId: String(input.memberId),
        nodeId: '',
        amount: 0n,
        refTxId: input.betTransactionId,
        requestHash,
      });
      if ('replay' in claimed) return replay(claimed.replay);
      let target = await findRoundBet(t, input.vassalage, input.betTransactionId, { lock: true });
      if (!target) {
        // A settled round takes no more rollbacks, known bet or not.
        const settled = await lockRound(t, input.vassalage, input.roundId);
        if (settled && settled.status !== 'open') throw new AppError(ErrorCode.ROUND_SETTLED, 'This round is already settled', { roundId: input.roundId });
        if (settled) checkRound(settled, input.memberId);
        // Unknown bet: leave a tombstone under its id so the bet is refused if it comes later.
        // A bet inserted concurrently makes this insert wait, then conflict: read it again.
        const tombstone = await insertRoundBet(t, {
          vassalage: input.vassalage,
          vendorTxId: input.betTransactionId,
          kind: 'bet',
          roundId: input.roundId,
          memberId: String(input.memberId),
          nodeId: '',
          amount: 0n,
          refTxId: null,
          status: 'cancelled',
          requestHash: 'tombstone',
          response: { error: { errorCode: ErrorCode.BET_CANCELLED, message: 'This bet was rolled back before it arrived' } },
        });
        if (tombstone) {
          const balance = await currentBalance(t, input.memberId, money.currency);
          const result = answer(input.memberId, money, balance, null, undefined);
          await completeRoundBet(t, claimed.id, { status: 'done', amount: 0n, ledgerTransactionId: null, response: result });
          return { ...result, replayed: false };
        }
        target = await findRoundBet(t, input.vassalage, input.betTransactionId, { lock: true });
        if (!target) throw new Error('seamless: bet id conflict but no stored row');
      }
      if (target.kind !== 'bet' || target.memberId !== String(input.memberId) || target.roundId !== input.roundId) {
        throw new AppError(ErrorCode.BET_NOT_FOUND, 'No bet of this player and round has this id', { betTransactionId: input.betTransactionId });
      }
      const round = await lockRound(t, input.vassalage, input.roundId);
      let transactionId: string | null = null;
      let refunded = 0n;
      let balance: bigint;
      if (target.status === 'accepted') {
        if (round && round.status !== 'open') throw new AppError(ErrorCode.ROUND_SETTLED, 'This round is already settled', { roundId: input.roundId });
        const { walletId, houseId } = await accountsFor(db, input.memberId, money.currency);
        // Keyed by the bet, so no two rollback ids can ever refund one bet twice.
        const posted = await ledger.postTransaction(
          {
            kind: 'rollback',
            idempotencyKey: `seamless-rollback:${input.vassalage}:${input.betTransactionId}`,
            reference: `round:${input.vassalage}:${input.roundId}`,
            metadata: { memberId: String(input.memberId), vassalage: input.vassalage, roundId: input.roundId, betTransactionId: input.betTransactionId },
            entries: [
              { accountId: houseId, amountMinor: -target.amount },
              { accountId: walletId, amountMinor: target.amount },
            ],
          },
          t,
        );
        if (!(await markBetRolledBack(t, target.id))) throw new Error('seamless: bet changed under its row lock');
        transactionId = posted.transactionId;
        refunded = target.amount;
        balance = BigInt(posted.balances[walletId] ?? '0');
      } else {
        // Already rolled back, refused or a tombstone: nothing to refund, the answer is still success.
        balance = await currentBalance(t, input.memberId, money.currency);
      }
      const updated = round && refunded > 0n ? await updateRound(t, round.id, { addRefund: refunded }) : round;
      const result = answer(input.memberId, money, balance, transactionId, updated);
      await completeRoundBet(t, claimed.id, { status: 'done', amount: refunded, ledgerTransactionId: transactionId, response: result });
      return { ...result, replayed: false };
    });
  }

  async function endRound(input: SeamlessEndRoundInput): Promise<SeamlessResult> {
    assertIds([input.roundId]);
    const money = await brand();
    const accounts = await accountsFor(db, input.memberId, money.currency);
    return inTransaction(async (t) => {
      await lockAccountsInOrder(t, [accounts.walletId, accounts.houseId]);
      const round = await lockRound(t, input.vassalage, input.roundId);
      if (!round) throw new AppError(ErrorCode.BET_NOT_FOUND, 'No such round', { roundId: input.roundId });
      checkRound(round, input.memberId);
      const replayed = round.status === 'settled';
      const updated = replayed ? round : await updateRound(t, round.id, { settle: true });
      const balance = await currentBalance(t, input.memberId, money.currency);
      return { ...answer(input.memberId, money, balance, null, updated), replayed };
    });
  }

  async function balance(memberId: string): Promise<VendorWalletResult> {
    const money = await brand();
    const value = await ledger.getPlayerBalance(memberId, money.currency);
    return answer(memberId, money, value, null, undefined);
  }

  return { bet, win, rollback, endRound, balance };
}
