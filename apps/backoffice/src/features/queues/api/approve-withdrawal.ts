import type { OpsWithdrawalOrder } from '@wps/shared/schemas/withdrawal';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { WITHDRAWAL_DECISION_INVALIDATES } from './withdrawals-queue';

export type WithdrawalDecision = { id: string; reason: string };

/** POST /ops/withdrawals/:id/approve (money.write): the held amount is paid out; the player then confirms receipt. */
export function approveWithdrawal({ id, reason }: WithdrawalDecision): Promise<OpsWithdrawalOrder> {
  return opsRequest<OpsWithdrawalOrder>(`/ops/withdrawals/${encodeURIComponent(id)}/approve`, {
    method: 'POST',
    body: { reason },
  });
}

export function useApproveWithdrawal(successText: (order: OpsWithdrawalOrder) => string) {
  return useOpsMutation({ mutationFn: approveWithdrawal, invalidates: WITHDRAWAL_DECISION_INVALIDATES, successText });
}
