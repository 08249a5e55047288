import { createWithdrawalPayouts } from './withdrawal-payout';
import { createWithdrawalReceipts } from './withdrawal-receipt';
import { createWithdrawalRequests } from './withdrawal-request';
import { createWithdrawalReview } from './withdrawal-review';
import { createWithdrawalCore, type WithdrawalContext } from './withdrawal-shared';
import { countReviewOverdue, statusQueue, sumPendingAmount } from './withdrawal.repository';

export {
  type AuditPort,
  type BankAccount,
  type MessagesPort,
  type ProofUpload,
  type SecurityPort,
  type WithdrawalActor,
  type WithdrawalContext,
} from './withdrawal-shared';

/**
 * Withdrawals: ledger holds, operator decisions, player confirmation,
 * auto-receipt. One file per use case: the player's request (withdrawal-request.ts), the player's
 * answer and the forced receipt (withdrawal-receipt.ts), the operator's review (withdrawal-review.ts).
 */
export function createWithdrawalService(ctx: WithdrawalContext) {
  const core = createWithdrawalCore(ctx);
  return {
    getSettings: core.getSettings,
    ...createWithdrawalRequests(ctx, core),
    ...createWithdrawalReceipts(ctx, core),
    ...createWithdrawalReview(ctx, core),
    ...createWithdrawalPayouts(ctx, core),
    /** Sum of the member's pending (held) withdrawals. */
    sumPending: (memberId: string) => sumPendingAmount(ctx.db, memberId),
    /** The back office's queues: orders awaiting review (pending) or a dispute's resolution (disputed). */
    queue: (status: 'pending' | 'disputed') => statusQueue(ctx.db, status, core.now()),
    /** Pending orders past their review deadline (the metric wps_withdrawals_review_overdue). */
    reviewOverdue: () => countReviewOverdue(ctx.db, core.now()),
  };
}

export type WithdrawalService = ReturnType<typeof createWithdrawalService>;
