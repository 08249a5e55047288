import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OpsMissionFiguresList } from '@wps/shared/schemas/missions';
import { opsRequest } from '../../../lib/api-client';
import { missionsKey } from './mission-list';

/** GET /ops/missions/figures (rewards.read): per mission, the players who progressed, completed and claimed in its current period, and its claims in all. */
export function fetchMissionFigures(): Promise<OpsMissionFiguresList> {
  return opsRequest<OpsMissionFiguresList>('/ops/missions/figures');
}

export function missionFiguresQuery() {
  // Players move the figures all day: refreshed while the screen is open.
  return queryOptions({ queryKey: [...missionsKey, 'figures'], queryFn: fetchMissionFigures, refetchInterval: 30_000 });
}

export function useMissionFigures() {
  return useQuery(missionFiguresQuery());
}
