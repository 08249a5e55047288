import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NoticeListResult } from '@wps/shared/schemas/messages';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/session-storage';
import { NOTICES_QUERY_KEY } from './get-unread-count';

/** GET /wps/messages (token): the player's notices, newest first. */
export function listNotices(page: number, pageSize: number): Promise<NoticeListResult> {
  return apiRequest<NoticeListResult>('/wps/messages', { query: { page, pageSize } });
}

export function noticesQueryOptions(token: string | null, page: number, pageSize: number) {
  return queryOptions({
    queryKey: [...NOTICES_QUERY_KEY, 'list', token, page, pageSize],
    queryFn: () => listNotices(page, pageSize),
    enabled: token !== null,
  });
}

/** One page of notices. */
export function useNotices(page: number, pageSize = 10) {
  return useQuery(noticesQueryOptions(useToken(), page, pageSize));
}
