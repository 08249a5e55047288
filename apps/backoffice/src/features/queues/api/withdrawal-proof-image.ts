import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, opsRequestBlob } from '../../../lib/api-client';
import { withdrawalsQueueKey } from './withdrawals-queue';

const IMAGE_TYPES = ['image/png', 'image/jpeg'];

/**
 * A Blob as a data: URL. The back office's Content-Security-Policy allows images from
 * `'self' data:` only, so an object URL (blob:) would be blocked; a data URL is a string that
 * goes away with the <img> and the query (no URL to revoke).
 */
function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new ApiError('BAD_RESPONSE', 'The image could not be read', 200));
    reader.readAsDataURL(blob);
  });
}

/**
 * GET /ops/withdrawals/:id/proofs/:index (money.read): one proof image, fetched with the operator's
 * Authorization header (an <img src> pointing at the route could not send it), as a data: URL.
 */
export async function fetchWithdrawalProofImage(id: string, index: number): Promise<string> {
  const blob = await opsRequestBlob(`/ops/withdrawals/${encodeURIComponent(id)}/proofs/${index}`, IMAGE_TYPES.join(', '));
  if (!IMAGE_TYPES.includes(blob.type)) throw new ApiError('BAD_RESPONSE', `Not a proof image (${blob.type || 'no type'})`, 200);
  return readAsDataUrl(blob);
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
