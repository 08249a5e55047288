import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, opsRequestBlob } from '../../../lib/api-client';
import { feedbackQueueKey } from './feedback-queue';

const IMAGE_TYPES = ['image/png', 'image/jpeg'];

/** A Blob as a data: URL: the back office's CSP allows images from 'self' and data: only (no blob:). */
function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new ApiError('BAD_RESPONSE', 'The image could not be read', 200));
    reader.readAsDataURL(blob);
  });
}

/** GET /ops/feedback/:id/images/:position (players.read), sent with the operator's token, as a data: URL. */
export async function fetchFeedbackImage(id: string, position: number): Promise<string> {
  const blob = await opsRequestBlob(`/ops/feedback/${encodeURIComponent(id)}/images/${position}`, IMAGE_TYPES.join(', '));
  if (!IMAGE_TYPES.includes(blob.type)) throw new ApiError('BAD_RESPONSE', `Not a feedback image (${blob.type || 'no type'})`, 200);
  return readAsDataUrl(blob);
}

/** A player's picture is not kept once the dialog closes (gcTime 0); it never changes (staleTime Infinity). */
export const feedbackImageQuery = (id: string, position: number) =>
  queryOptions({ queryKey: [...feedbackQueueKey, id, 'image', position], queryFn: () => fetchFeedbackImage(id, position), staleTime: Infinity, gcTime: 0 });

export function useFeedbackImage(id: string, position: number) {
  return useQuery(feedbackImageQuery(id, position));
}
