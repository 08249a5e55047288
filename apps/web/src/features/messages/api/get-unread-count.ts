import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/session-storage';

/** Query key prefix of everything reading changes: the count, the notices and the platform messages. */
export const NOTICES_QUERY_KEY = ['member', 'notices'] as const;

/** GET /wps/relay/CSP_unreadCount (token): the number of unread notices and platform messages together. */
export function getUnreadCount(): Promise<number> {
  return apiRequest<number>('/wps/relay/CSP_unreadCount');
}

export function unreadCountQueryOptions(token: string | null, enabled: boolean) {
  return queryOptions({
    queryKey: [...NOTICES_QUERY_KEY, 'unread', token],
    queryFn: getUnreadCount,
    enabled: token !== null && enabled,
    refetchInterval: 60_000,
  });
}

/** Unread notices and messages; trial accounts do not fetch it. */
export function useUnreadCount(enabled: boolean) {
  return useQuery(unreadCountQueryOptions(useToken(), enabled));
}
