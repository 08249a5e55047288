import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InhouseAuth } from '@wps/shared/schemas/inhouse';
import type { CrashHistory } from '@wps/shared/schemas/inhouse-crash';
import { apiRequest } from '../../../lib/api-client';

/** POST /wps/inhouse/crash/history (game session): the player's latest crash bets. */
export function getCrashHistory(auth: InhouseAuth): Promise<CrashHistory> {
  return apiRequest<CrashHistory>('/wps/inhouse/crash/history', { method: 'POST', body: auth });
}

export const CRASH_HISTORY_KEY = ['inhouse', 'crash', 'history'] as const;

export function crashHistoryQueryOptions(auth: InhouseAuth) {
  return queryOptions({
    queryKey: [...CRASH_HISTORY_KEY, auth.playerId, auth.sessionToken],
    queryFn: () => getCrashHistory(auth),
  });
}

export function useCrashHistory(auth: InhouseAuth) {
  return useQuery(crashHistoryQueryOptions(auth));
}
