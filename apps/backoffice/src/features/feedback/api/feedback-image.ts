import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchOpsImage } from '../../../lib/image-data-url';
import { feedbackQueueKey } from './feedback-queue';

const IMAGE_TYPES = ['image/png', 'image/jpeg'];

/** GET /ops/feedback/:id/images/:position (players.read): one image, as a data: URL. */
export function fetchFeedbackImage(id: string, position: number): Promise<string> {
  return fetchOpsImage(`/ops/feedback/${encodeURIComponent(id)}/images/${position}`, IMAGE_TYPES);
}

/** A player's picture is not kept once the dialog closes (gcTime 0); it never changes (staleTime Infinity). */
export const feedbackImageQuery = (id: string, position: number) =>
  queryOptions({
    queryKey: [...feedbackQueueKey, id, 'image', position],
    queryFn: () => fetchFeedbackImage(id, position),
    staleTime: Infinity,
    gcTime: 0,
  });

export function useFeedbackImage(id: string, position: number) {
  return useQuery(feedbackImageQuery(id, position));
}
