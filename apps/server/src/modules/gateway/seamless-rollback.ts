import type { Kysely } from 'kysely';
import type { ErrorCode } from '@wps/shared/error-codes';
import type { VendorWalletResult } from '@wps/shared/schemas/gateway';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { LedgerService } from '../ledger/ledger.service';
import { refuse, storedRefusal } from './seamless-refusals';
import { hashCallback } from './seamless-shared';
import {
  completeRoundBet,
  findRoundBet,
  insertRoundBet,
  isStakingBonusRunning,
  lockRound,
  markBetRolledBack,
  updateRound,
  type NewRoundBet,
  type RoundBetRow,
  type RoundRow,
  type RowKey,
} from './seamless.repository';
import type { SeamlessAccounts, SeamlessEndRoundInput, SeamlessResult, SeamlessRollbackInput } from './seamless.types';

type Db = Kysely<Database>;

/** A stored refusal: replays of a refused bet get the same refusal. */
type StoredError = { error: { errorCode: ErrorCode; message: string; value?: unknown } };

/** What rollbacks and round ends borrow from the seamless service. */
export type SeamlessParts = {
  db: Db;
  ledger: Pick<LedgerService, 'postTransaction' | 'lockAccounts'>;
  brand(): Promise<{ currency: string; scale: number }>;
  accountsFor(t: Db, memberId: string, currency: string): Promise<SeamlessAccounts>;
  answer(
    memberId: string,
    money: { currency: string; scale: number },
    balanceMinor: bigint,
    transactionId: string | null,
    round: Pick<RoundRow, 'status'> | undefined,
  ): VendorWalletResult;
  inTransaction<T>(fn: (t: Db) => Promise<T>): Promise<T>;
  currentBalance(t: Db, memberId: string, currency: string): Promise<bigint>;
  assertIds(ids: (string | undefined)[]): void;
};

function replay(row: RoundBetRow): SeamlessResult {
  const stored = row.response as (VendorWalletResult & Partial<StoredError>) | null;
  if (!stored) throw new Error(`seamless: vendor transaction ${row.vendorTxId} has no stored answer`);
  if (stored.error) throw new AppError(stored.error.errorCode, stored.error.message, stored.error.value);
  return { ...stored, replayed: true };
}

/**
 * Rollbacks and round ends: each runs in its own transaction (unlike bets and wins, which are
 * applied in batches by one SQL function), because a rollback may leave a tombstone for a bet
 * that has not arrived yet.
 */
export function createSeamlessRollback(parts: SeamlessParts) {
  const { db, ledger, brand, accountsFor, answer, inTransaction, currentBalance, assertIds } = parts;

  /** Claim the transaction id, or settle what an earlier call with the same id decided. */
  async function claim(t: Db, row: NewRoundBet): Promise<RowKey | { replay: RoundBetRow }> {
    const key = await insertRoundBet(t, row);
    if (key) return key;
    const existing = await findRoundBet(t, row.vassalage, row.vendorTxId);
    if (!existing) throw new Error('seamless: transaction id conflict but no stored row');
    if (existing.kind === 'bet' && existing.status === 'cancelled' && row.kind === 'bet') {
      throw refuse('bet_cancelled', { transactionId: row.vendorTxId });
    }
    if (existing.requestHash !== row.requestHash) {
      throw refuse('duplicate_transaction', { transactionId: row.vendorTxId });
    }
    return { replay: existing };
  }

  function checkRound(round: RoundRow | undefined, memberId: string): void {
    if (round && round.memberId !== String(memberId)) {
      throw refuse('round_mismatch', { roundId: round.roundId });
    }
  }

  async function rollback(input: SeamlessRollbackInput): Promise<SeamlessResult> {
    assertIds([input.transactionId, input.roundId, input.betTransactionId]);
    const money = await brand();
    const requestHash = hashCallback({
      kind: 'rollback',
      member: String(input.memberId),
      round: input.roundId,
      bet: input.betTransactionId,
    });
    const accounts = await accountsFor(db, input.memberId, money.currency);
    return inTransaction(async (t) => {
      await ledger.lockAccounts(t, [accounts.walletId, accounts.bonusWalletId, accounts.houseId]);
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
        if (settled && settled.status !== 'open') throw refuse('round_settled', { roundId: input.roundId });
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
          response: storedRefusal('bet_cancelled'),
        });
        if (tombstone) {
          const balance = await currentBalance(t, input.memberId, money.currency);
          const result = answer(input.memberId, money, balance, null, undefined);
          await completeRoundBet(t, claimed, {
            status: 'done',
            amount: 0n,
            ledgerTransactionId: null,
            response: result,
          });
          return { ...result, replayed: false };
        }
        target = await findRoundBet(t, input.vassalage, input.betTransactionId, { lock: true });
        if (!target) throw new Error('seamless: bet id conflict but no stored row');
      }
      if (target.kind !== 'bet' || target.memberId !== String(input.memberId) || target.roundId !== input.roundId) {
        throw refuse('rollback_without_bet', { betTransactionId: input.betTransactionId });
      }
      const round = await lockRound(t, input.vassalage, input.roundId);
      let transactionId: string | null = null;
      let refunded = 0n;
      let bonusRefunded = 0n;
      let kept = 0n;
      let balance: bigint;
      if (target.status === 'accepted') {
        if (round && round.status !== 'open') throw refuse('round_settled', { roundId: input.roundId });
        const { walletId, bonusWalletId, houseId } = accounts;
        // Each part of the stake goes back where it came from; the bonus part only while the
        // bonus that staked it still runs (never to a later one), else the house keeps it, as it
        // keeps a win's bonus part (docs/decisions.md). A bet from before its bonus was recorded
        // takes its round's (migration 0496).
        const realPart = target.amount - target.bonusAmount;
        const bonusBack =
          target.bonusAmount > 0n && (await isStakingBonusRunning(t, target.bonusId ?? round?.bonusId ?? null))
            ? target.bonusAmount
            : 0n;
        if (realPart + bonusBack > 0n) {
          // Keyed by the bet, so no two rollback ids can ever refund one bet twice.
          const posted = await ledger.postTransaction(
            {
              kind: 'rollback',
              idempotencyKey: `seamless-rollback:${input.vassalage}:${input.betTransactionId}`,
              reference: `round:${input.vassalage}:${input.roundId}`,
              metadata: {
                memberId: String(input.memberId),
                vassalage: input.vassalage,
                roundId: input.roundId,
                betTransactionId: input.betTransactionId,
              },
              entries: [
                { accountId: houseId, amountMinor: -(realPart + bonusBack) },
                ...(realPart > 0n ? [{ accountId: walletId, amountMinor: realPart }] : []),
                ...(bonusBack > 0n ? [{ accountId: bonusWalletId, amountMinor: bonusBack }] : []),
              ],
            },
            t,
          );
          transactionId = posted.transactionId;
        }
        if (!(await markBetRolledBack(t, target))) throw new Error('seamless: bet changed under its row lock');
        // The round records what went back; a bonus part the house kept is a cancelled stake
        // (refund_kept), never a refund paid (migration 0500).
        refunded = realPart + bonusBack;
        bonusRefunded = bonusBack;
        kept = target.bonusAmount - bonusBack;
        balance = await currentBalance(t, input.memberId, money.currency);
      } else {
        // Already rolled back, refused or a tombstone: nothing to refund, the answer is still success.
        balance = await currentBalance(t, input.memberId, money.currency);
      }
      const updated =
        round && refunded + kept > 0n
          ? await updateRound(t, round, { addRefund: refunded, addBonusRefund: bonusRefunded, addRefundKept: kept })
          : round;
      const result = answer(input.memberId, money, balance, transactionId, updated);
      await completeRoundBet(t, claimed, {
        status: 'done',
        amount: refunded,
        bonusKept: kept,
        ledgerTransactionId: transactionId,
        response: result,
      });
      return { ...result, replayed: false };
    });
  }

  async function endRound(input: SeamlessEndRoundInput): Promise<SeamlessResult> {
    assertIds([input.roundId]);
    const money = await brand();
    const accounts = await accountsFor(db, input.memberId, money.currency);
    return inTransaction(async (t) => {
      await ledger.lockAccounts(t, [accounts.walletId, accounts.bonusWalletId, accounts.houseId]);
      const round = await lockRound(t, input.vassalage, input.roundId);
      if (!round) throw refuse('unknown_round', { roundId: input.roundId });
      checkRound(round, input.memberId);
      const replayed = round.status === 'settled';
      const updated = replayed ? round : await updateRound(t, round, { settle: true });
      const balance = await currentBalance(t, input.memberId, money.currency);
      return { ...answer(input.memberId, money, balance, null, updated), replayed };
    });
  }

  return { rollback, endRound };
}
