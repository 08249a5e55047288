import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MissionLeaderboard } from '@wps/shared/schemas/missions';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/session-storage';

/** GET /wps/relay/MCSFE_getMissionLeaderboard (token): missions claimed this week, top players (masked) and the caller's place. */
export function getMissionLeaderboard(): Promise<MissionLeaderboard> {
  return apiRequest<MissionLeaderboard>('/wps/relay/MCSFE_getMissionLeaderboard');
}

/** Under ['member', 'missions'], so a claim (which invalidates ['member']) moves the player on the board. */
export function missionLeaderboardQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: ['member', 'missions', 'leaderboard', token],
    queryFn: getMissionLeaderboard,
    enabled: token !== null,
  });
}

export function useMissionLeaderboard() {
  return useQuery(missionLeaderboardQueryOptions(useToken()));
}
