import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchOpsImage } from '../../../lib/image-data-url';
import { withdrawalsQueueKey } from './withdrawals-queue';

const IMAGE_TYPES = ['image/png', 'image/jpeg'];

/** GET /ops/withdrawals/:id/proofs/:index (money.read): one proof image, as a data: URL. */
export function fetchWithdrawalProofImage(id: string, index: number): Promise<string> {
  return fetchOpsImage(`/ops/withdrawals/${encodeURIComponent(id)}/proofs/${index}`, IMAGE_TYPES);
}

/**
 * A player's bank statement is not kept once the dialog closes (gcTime 0: the next opening
 * fetches it again), and an image never changes once uploaded (staleTime Infinity).
 */
export const withdrawalProofImageQuery = (id: string, index: number) =>
  queryOptions({
    queryKey: [...withdrawalsQueueKey, 'proofs', id, 'image', index],
    queryFn: () => fetchWithdrawalProofImage(id, index),
    staleTime: Infinity,
    gcTime: 0,
  });

export function useWithdrawalProofImage(id: string, index: number) {
  return useQuery(withdrawalProofImageQuery(id, index));
}
