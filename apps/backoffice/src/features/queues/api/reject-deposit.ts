import type { OpsDepositOrder } from '@wps/shared/schemas/deposit';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import type { DepositDecision } from './confirm-deposit';
import { DEPOSIT_DECISION_INVALIDATES } from './deposits-queue';

/** POST /ops/deposits/:id/reject (money.write): the transfer never arrived; the order fails, nothing is credited. */
export function rejectDeposit({ id, reason }: DepositDecision): Promise<OpsDepositOrder> {
  return opsRequest<OpsDepositOrder>(`/ops/deposits/${encodeURIComponent(id)}/reject`, {
    method: 'POST',
    body: { reason },
  });
}

export function useRejectDeposit(successText: (order: OpsDepositOrder) => string) {
  return useOpsMutation({ mutationFn: rejectDeposit, invalidates: DEPOSIT_DECISION_INVALIDATES, successText });
}
