import { ErrorCode } from '@wps/shared/error-codes';
import type { MoneyWaitReason } from '@wps/shared/schemas/operator-money';
import { AppError } from '../../http/app-error';
import type { Db, WithdrawalActor, WithdrawalContext } from './withdrawal-shared';
import type { WithdrawalRow } from './withdrawal.repository';

/** The operator money policy's key of a withdrawal's payout: it counts once in the payout totals. */
export const withdrawalPolicyReference = (id: string): string => `withdrawal:${id}`;

/** What an approval may do now, and what the audit keeps of how that was decided. */
export type ApprovalDecision = {
  /** 'pay': post the hold in this transaction; 'wait': pay nothing, mark the order for a second operator. */
  outcome: 'pay' | 'wait';
  reasons: MoneyWaitReason[];
  /** Who asked, who approved, the policy's thresholds and totals, and any alert raised. */
  note: Record<string, unknown>;
};

/**
 * Whether an approval of a locked pending order pays, asked inside the transaction that would
 * pay it, after the order's row lock and before the ledger post (docs/decisions.md, "Withdrawal
 * approvals and the operator money policy").
 *
 * - An operator's first approval is the request: the policy holds it to the amount of one request
 *   and the operator's 24-hour payouts; past either it waits for a second operator.
 * - An approval of an order that waits is the second operator's: the policy refuses the asker
 *   (MONEY_OWN_REQUEST) and a role without money.write, and counts the payout as the asker's.
 * - Either way, an operator who credited this player by hand in the last 7 days raises an alert.
 * - The system (ops CLI) pays within the amount of one request only, and never completes a
 *   waiting approval (operator-money-withdrawals.ts says why).
 */
export async function decideApproval(
  ctx: Pick<WithdrawalContext, 'moneyPolicy' | 'payoutChecks'>,
  trx: Db,
  actor: WithdrawalActor,
  order: WithdrawalRow,
): Promise<ApprovalDecision> {
  const reference = withdrawalPolicyReference(order.id);
  if (actor.actorType === 'system') {
    if (order.approvalAskedBy)
      throw new AppError(ErrorCode.OPERATOR_FORBIDDEN, 'A second operator completes this approval in the back office');
    const ceiling = await ctx.payoutChecks.isWithinOneRequest(trx, order.amount);
    if (!ceiling.isWithin)
      throw new AppError(
        ErrorCode.OPERATOR_FORBIDDEN,
        'Above the amount of one request, a withdrawal is approved by two operators in the back office',
        { perRequestMinor: ceiling.perRequestMinor },
      );
    return { outcome: 'pay', reasons: [], note: { policy: { systemCeilingMinor: ceiling.perRequestMinor } } };
  }
  const operatorId = actor.actorId;
  if (!operatorId) throw new Error('an operator approval without the operator');
  const askedBy = order.approvalAskedBy;
  if (askedBy && !actor.role) throw new Error("completing an approval needs the approver's role");
  const decision = await ctx.moneyPolicy.decide(trx, {
    kind: 'withdrawal',
    reference,
    direction: 'payout',
    operatorId: askedBy ?? operatorId,
    playerId: order.memberId,
    amountMinor: order.amount,
    approver: askedBy && actor.role ? { operatorId, role: actor.role } : null,
  });
  const alert = await ctx.payoutChecks.raiseIfCredited(trx, { reference, operatorId, playerId: order.memberId });
  return {
    outcome: decision.outcome === 'post' ? 'pay' : 'wait',
    reasons: decision.reasons,
    note: {
      askedBy: askedBy ?? operatorId,
      approvedBy: askedBy ? operatorId : null,
      policy: { waitReasons: decision.reasons, limits: decision.limits, totalsBefore: decision.totalsBefore },
      alert,
    },
  };
}
