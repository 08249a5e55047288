import type { OpsWithdrawalOrder } from '@wps/shared/schemas/withdrawal';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { WITHDRAWAL_DECISION_INVALIDATES } from './withdrawals-queue';

/** POST /ops/withdrawals/:id/resolve (disputes.write): close a "not received" dispute with a note; moves no money. */
export function resolveWithdrawalDispute({ id, note }: { id: string; note: string }): Promise<OpsWithdrawalOrder> {
  return opsRequest<OpsWithdrawalOrder>(`/ops/withdrawals/${encodeURIComponent(id)}/resolve`, {
    method: 'POST',
    body: { note },
  });
}

export function useResolveWithdrawalDispute(successText: (order: OpsWithdrawalOrder) => string) {
  return useOpsMutation({
    mutationFn: resolveWithdrawalDispute,
    invalidates: WITHDRAWAL_DECISION_INVALIDATES,
    successText,
  });
}
