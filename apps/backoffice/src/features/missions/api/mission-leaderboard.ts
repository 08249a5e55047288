import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OpsMissionLeaderboard } from '@wps/shared/schemas/missions';
import { opsRequest } from '../../../lib/api-client';
import { missionsKey } from './mission-list';

/** GET /ops/missions/leaderboard (rewards.read): this week's players by missions claimed, with their accounts. */
export function fetchMissionLeaderboard(): Promise<OpsMissionLeaderboard> {
  return opsRequest<OpsMissionLeaderboard>('/ops/missions/leaderboard');
}

export function missionLeaderboardQuery() {
  return queryOptions({
    queryKey: [...missionsKey, 'leaderboard'],
    queryFn: fetchMissionLeaderboard,
    refetchInterval: 30_000,
  });
}

export function useMissionLeaderboard() {
  return useQuery(missionLeaderboardQuery());
}
