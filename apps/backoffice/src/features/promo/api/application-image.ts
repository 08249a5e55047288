import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchOpsImage } from '../../../lib/image-data-url';
import { applicationQueueKey } from './application-queue';

const IMAGE_TYPES = ['image/png', 'image/jpeg'];

/** GET /ops/promo/applications/:id/images/:position (promotions.write): one image, as a data: URL. */
export function fetchApplicationImage(id: string, position: number): Promise<string> {
  return fetchOpsImage(`/ops/promo/applications/${encodeURIComponent(id)}/images/${position}`, IMAGE_TYPES);
}

/** A player's picture is not kept once the dialog closes (gcTime 0); it never changes (staleTime Infinity). */
export function useApplicationImage(id: string, position: number) {
  return useQuery(
    queryOptions({
      queryKey: [...applicationQueueKey, id, 'image', position],
      queryFn: () => fetchApplicationImage(id, position),
      staleTime: Infinity,
      gcTime: 0,
    }),
  );
}
