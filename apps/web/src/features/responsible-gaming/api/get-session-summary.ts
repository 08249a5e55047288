import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RgSessionSummary } from '@wps/shared/schemas/responsible-gaming';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/session-storage';

/** GET /wps/responsible-gaming/session (token): this session's time and its rounds' stakes and wins, from the server. */
export function getSessionSummary(): Promise<RgSessionSummary> {
  return apiRequest<RgSessionSummary>('/wps/responsible-gaming/session');
}

/** Asked every minute while logged in: the server also ends a session past a time limit then. */
export function sessionSummaryQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: ['member', 'responsible-gaming-session', token],
    queryFn: getSessionSummary,
    enabled: token !== null,
    refetchInterval: POLL_MS,
  });
}

const POLL_MS = 60_000;

export function useSessionSummary() {
  return useQuery(sessionSummaryQueryOptions(useToken()));
}
