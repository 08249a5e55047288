import type { OpsWithdrawalOrder } from '@wps/shared/schemas/withdrawal';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import type { WithdrawalDecision } from './approve-withdrawal';
import { WITHDRAWAL_DECISION_INVALIDATES } from './withdrawals-queue';

/** POST /ops/withdrawals/:id/reject (money.write): the hold is voided, the money returns; the player sees the reason. */
export function rejectWithdrawal({ id, reason }: WithdrawalDecision): Promise<OpsWithdrawalOrder> {
  return opsRequest<OpsWithdrawalOrder>(`/ops/withdrawals/${encodeURIComponent(id)}/reject`, {
    method: 'POST',
    body: { reason },
  });
}

export function useRejectWithdrawal(successText: (order: OpsWithdrawalOrder) => string) {
  return useOpsMutation({ mutationFn: rejectWithdrawal, invalidates: WITHDRAWAL_DECISION_INVALIDATES, successText });
}
