import type { Kysely } from 'kysely';
import { ErrorCode } from '@wps/shared/error-codes';
import { roleHasPermission, type OpsPermission, type OpsRole } from '@wps/shared/ops-permissions';
import type { MoneyLimits, MoneyWaitReason } from '@wps/shared/schemas/operator-money';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import {
  findLimits,
  insertCredit,
  insertPayout,
  lockSubjects,
  sumRecentCredits,
  sumRecentPayouts,
  type LimitsRow,
} from './operator-money.repository';

type Db = Kysely<Database>;

/**
 * The payment paths that ask the policy, each with the permission its second operator must hold.
 * A path not listed here cannot be decided (an error, never a pass). Reward set-ups that pay by
 * themselves once live (raffle prizes, missions, mall items, the rebate, house contracts) are
 * looked at when they are made instead, by operator-money-setups.ts.
 */
export const OPERATOR_MONEY_KINDS = {
  adjustment: 'adjustments.approve',
  // A withdrawal approval (direction 'payout'). money.write is what decides a withdrawal at all
  // (finance and admin): the second look is the same job done by another operator, and support,
  // who only reads the queue, cannot complete one.
  withdrawal: 'money.write',
  // Rewards an operator decides directly (docs/decisions.md, "Rewards decided by an operator and the
  // operator money policy"): a bonus given by hand, a promotion application's approval that pays
  // money, the release of a held grant of money. They ask with bonuses.write, promotions.write or
  // rewards.write (marketing and admin); the second look is by who answers for money, as for a
  // manual credit: adjustments.approve (finance and admin), which marketing does not hold.
  bonus_grant: 'adjustments.approve',
  promo_application: 'adjustments.approve',
  reward_release: 'adjustments.approve',
} as const satisfies Record<string, OpsPermission>;
export type OperatorMoneyKind = keyof typeof OPERATOR_MONEY_KINDS;

export type MoneyDecisionRequest = {
  kind: OperatorMoneyKind;
  /** The paying path's own key for this payment (`adjustment:42`): a credit counts once in the totals. */
  reference: string;
  /**
   * A credit pays the player and counts in the 24-hour credit totals; a debit is held to the
   * amount of one request only; a payout (a withdrawal: the player's own money going out) is held
   * to the amount of one request and to the asking operator's 24-hour payout total, apart from
   * the credits (operator-money-withdrawals.ts says why).
   */
  direction: 'credit' | 'debit' | 'payout';
  /** The operator who asked for the payment. */
  operatorId: string;
  playerId: string;
  amountMinor: bigint;
  /** The second operator approving a payment that waited; their role as their session holds it now. */
  approver?: { operatorId: string; role: OpsRole } | null;
};

export type MoneyDecision = {
  /** 'post': move the money in this transaction; 'wait': move nothing, keep it for a second operator. */
  outcome: 'post' | 'wait';
  /** The thresholds the payment passes (an approved payment posts and still names them). */
  reasons: MoneyWaitReason[];
  limits: MoneyLimits;
  /** The 24-hour credits (a payout: payouts) before this payment, for the audit entry; null for a debit. */
  totalsBefore: { playerMinor: string; operatorMinor: string } | null;
};

export function limitsOf(row: LimitsRow): MoneyLimits {
  return {
    perRequestMinor: String(row.perRequestMinor),
    playerDayMinor: String(row.playerDayMinor),
    operatorDayMinor: String(row.operatorDayMinor),
    setupItemMinor: String(row.setupItemMinor),
    setupPeriodMinor: String(row.setupPeriodMinor),
  };
}

/**
 * The one port every operator-decided payment asks, inside the transaction that moves the money
 * and before it posts: after the paying path's own row lock (the adjustment), it locks the asking
 * operator's and the player's policy rows, reads the thresholds and sums the credits of the last
 * 24 hours, so of two payments that together pass a total the second always sees the first. A
 * credit that posts is written into the totals in the same transaction, so one that rolls back
 * counts nothing. It fails closed: an unknown kind, a missing thresholds row or any database error
 * throws, and the caller's transaction moves nothing.
 */
export function createOperatorMoneyPolicy() {
  return {
    async decide(trx: Db, req: MoneyDecisionRequest): Promise<MoneyDecision> {
      const permission: OpsPermission | undefined = Object.hasOwn(OPERATOR_MONEY_KINDS, req.kind)
        ? OPERATOR_MONEY_KINDS[req.kind]
        : undefined;
      if (!permission) throw new Error(`the operator money policy does not know the payment kind "${req.kind}"`);
      if (req.amountMinor <= 0n) throw new Error('the operator money policy decides positive amounts only');
      const { approver } = req;
      if (approver) {
        if (approver.operatorId === req.operatorId)
          throw new AppError(ErrorCode.MONEY_OWN_REQUEST, 'Another operator must approve a payment you asked for');
        if (!roleHasPermission(approver.role, permission))
          throw new AppError(ErrorCode.OPERATOR_FORBIDDEN, 'This role may not approve this payment', {
            permission,
          });
      }
      const isCredit = req.direction === 'credit';
      const isPayout = req.direction === 'payout';
      if (isCredit || isPayout) await lockSubjects(trx, req.operatorId, req.playerId);
      const row = await findLimits(trx, 'share');
      if (!row) throw new Error('the operator money thresholds are missing (migration 0450 inserts them)');
      const limits = limitsOf(row);
      const amount = req.amountMinor;
      const reasons: MoneyWaitReason[] = [];
      if (amount > BigInt(limits.perRequestMinor)) reasons.push('per_request');
      let totalsBefore: MoneyDecision['totalsBefore'] = null;
      if (isCredit) {
        const sums = await sumRecentCredits(trx, req.operatorId, req.playerId);
        totalsBefore = { playerMinor: String(sums.player), operatorMinor: String(sums.operator) };
        if (sums.player + amount > BigInt(limits.playerDayMinor)) reasons.push('player_day');
        if (sums.operator + amount > BigInt(limits.operatorDayMinor)) reasons.push('operator_day');
      }
      if (isPayout) {
        const sums = await sumRecentPayouts(trx, req.operatorId, req.playerId);
        totalsBefore = { playerMinor: String(sums.player), operatorMinor: String(sums.operator) };
        if (sums.operator + amount > BigInt(limits.operatorDayMinor)) reasons.push('operator_day');
      }
      const outcome = reasons.length === 0 || approver ? 'post' : 'wait';
      if (outcome === 'post' && isCredit) {
        await insertCredit(trx, {
          kind: req.kind,
          reference: req.reference,
          playerId: req.playerId,
          askedBy: req.operatorId,
          approvedBy: approver?.operatorId ?? null,
          amount,
        });
      }
      if (outcome === 'post' && isPayout) {
        await insertPayout(trx, {
          kind: req.kind,
          reference: req.reference,
          playerId: req.playerId,
          askedBy: req.operatorId,
          approvedBy: approver?.operatorId ?? null,
          amount,
        });
      }
      return { outcome, reasons, limits, totalsBefore };
    },
  };
}

export type OperatorMoneyPolicy = ReturnType<typeof createOperatorMoneyPolicy>;
