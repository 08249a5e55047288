import type { OpsDepositOrder } from '@wps/shared/schemas/deposit';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { DEPOSIT_DECISION_INVALIDATES } from './deposits-queue';

export type DepositDecision = { id: string; reason: string };

/** POST /ops/deposits/:id/confirm (money.write): the transfer arrived, the player is credited once. */
export function confirmDeposit({ id, reason }: DepositDecision): Promise<OpsDepositOrder> {
  return opsRequest<OpsDepositOrder>(`/ops/deposits/${encodeURIComponent(id)}/confirm`, {
    method: 'POST',
    body: { reason },
  });
}

export function useConfirmDeposit(successText: (order: OpsDepositOrder) => string) {
  return useOpsMutation({ mutationFn: confirmDeposit, invalidates: DEPOSIT_DECISION_INVALIDATES, successText });
}
