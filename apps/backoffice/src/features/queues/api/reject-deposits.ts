import type { OpsDepositOrder } from '@wps/shared/schemas/deposit';
import { isApiError } from '../../../lib/api-client';
import { runOneByOne, type BulkOutcome } from '../../../lib/bulk-run';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { DEPOSIT_DECISION_INVALIDATES } from './deposits-queue';
import { rejectDeposit } from './reject-deposit';

/** The answers of an order decided meanwhile (by another operator, or the order expired). */
export const DEPOSIT_DECIDED_CODES = ['DEPOSIT_ORDER_RESOLVED', 'DEPOSIT_ORDER_EXPIRED'] as const;

export function isDepositDecidedMeanwhile(error: unknown): boolean {
  return DEPOSIT_DECIDED_CODES.some((code) => isApiError(error, code));
}

/**
 * Reject several pending bank transfers with one reason: POST /ops/deposits/:id/reject for each,
 * one after the other (money.write). Each order is decided and audited on its own; one decided
 * meanwhile is skipped. Only rejection is offered in bulk, because it credits nothing.
 * Confirming credits the player, so each order is confirmed on its own (docs/decisions.md).
 */
export function rejectDeposits({
  ids,
  reason,
}: {
  ids: readonly string[];
  reason: string;
}): Promise<BulkOutcome<OpsDepositOrder>> {
  return runOneByOne(ids, (id) => rejectDeposit({ id, reason }), isDepositDecidedMeanwhile);
}

export function useRejectDeposits(successText: (outcome: BulkOutcome<OpsDepositOrder>) => string) {
  return useOpsMutation({ mutationFn: rejectDeposits, invalidates: DEPOSIT_DECISION_INVALIDATES, successText });
}
