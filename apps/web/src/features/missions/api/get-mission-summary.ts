import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MissionSummary } from '@wps/shared/schemas/missions';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/session-storage';

/** GET /wps/relay/MCSFE_getMissionSummaryDetails (token): the daily and weekly sets with progress, and the claimable count. */
export function getMissionSummary(): Promise<MissionSummary> {
  return apiRequest<MissionSummary>('/wps/relay/MCSFE_getMissionSummaryDetails');
}

/** Under ['member'] so logout forgets it; the language is part of the key because the titles are the player's language's. */
export function missionSummaryQueryOptions(token: string | null, language: string) {
  return queryOptions({
    queryKey: ['member', 'missions', 'summary', token, language],
    queryFn: getMissionSummary,
    enabled: token !== null,
  });
}

/** The missions page and the menu's badge (claimableCount) read the same query. */
export function useMissionSummary(language: string) {
  return useQuery(missionSummaryQueryOptions(useToken(), language));
}
