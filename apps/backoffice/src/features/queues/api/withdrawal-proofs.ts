import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { withdrawalProofSchema } from '@wps/shared/schemas/withdrawal';
import { opsRequest } from '../../../lib/api-client';
import { withdrawalsQueueKey } from './withdrawals-queue';

export type WithdrawalProof = z.infer<typeof withdrawalProofSchema>;

/** GET /ops/withdrawals/:id/proofs (money.read): the images the player sent with a "not received" answer. */
export function fetchWithdrawalProofs(id: string): Promise<WithdrawalProof[]> {
  return opsRequest<WithdrawalProof[]>(`/ops/withdrawals/${encodeURIComponent(id)}/proofs`);
}

/** Under the queue's key: a decision on the order refetches its proofs too. */
export const withdrawalProofsQuery = (id: string) =>
  queryOptions({ queryKey: [...withdrawalsQueueKey, 'proofs', id], queryFn: () => fetchWithdrawalProofs(id) });

export function useWithdrawalProofs(id: string) {
  return useQuery(withdrawalProofsQuery(id));
}
