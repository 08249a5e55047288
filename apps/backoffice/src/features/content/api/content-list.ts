import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { opsContentPageSchema } from '@wps/shared/schemas/content';
import { opsRequest } from '../../../lib/api-client';

export type OpsContentPage = z.infer<typeof opsContentPageSchema>;

/** Every content query sits under ['ops', 'content']: a save or status change makes all of them stale (an item may move between status filters). */
export const contentKey = ['ops', 'content'] as const;

/** GET /ops/content (content.read): one kind's items, with the list's page, sort and status filter. */
export function fetchContentList(query: URLSearchParams): Promise<OpsContentPage> {
  return opsRequest<OpsContentPage>(`/ops/content?${query.toString()}`);
}

export function contentListQuery(query: URLSearchParams) {
  const search = query.toString();
  return queryOptions({
    queryKey: [...contentKey, 'list', search],
    queryFn: () => fetchContentList(new URLSearchParams(search)),
    placeholderData: keepPreviousData,
  });
}

/** One page of one kind; the previous page stays on screen while the next one loads. */
export function useContentList(query: URLSearchParams) {
  return useQuery(contentListQuery(query));
}
