import type { ConfirmDepositValues, OpsDepositOrder } from '@wps/shared/schemas/deposit';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { DEPOSIT_DECISION_INVALIDATES } from './deposits-queue';

export type DepositDecision = { id: string; reason: string };
/** A confirmation: the reason and the payer read on the bank statement (confirmDepositBodySchema's output). */
type DepositConfirmation = { id: string } & ConfirmDepositValues;

/**
 * POST /ops/deposits/:id/confirm (money.write): the transfer arrived, the player is credited once
 * and the payer recorded (under BR only from the player's own CPF: DEPOSIT_PAYER_NOT_OWNER).
 */
export function confirmDeposit({ id, ...body }: DepositConfirmation): Promise<OpsDepositOrder> {
  return opsRequest<OpsDepositOrder>(`/ops/deposits/${encodeURIComponent(id)}/confirm`, { method: 'POST', body });
}

export function useConfirmDeposit(successText: (order: OpsDepositOrder) => string) {
  return useOpsMutation({ mutationFn: confirmDeposit, invalidates: DEPOSIT_DECISION_INVALIDATES, successText });
}
