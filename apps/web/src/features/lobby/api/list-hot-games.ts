import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GameCategory, GameStrip } from '@wps/shared/schemas/catalogue';
import { apiRequest } from '../../../lib/api-client';

export type HotGamesFilter = { vassalage?: string | undefined; gameType?: GameCategory | undefined };

/** POST /wps/relay/GCSGAME_hotGamesV2 (public). */
export function listHotGames(filter: HotGamesFilter): Promise<GameStrip> {
  return apiRequest<GameStrip>('/wps/relay/GCSGAME_hotGamesV2', {
    method: 'POST',
    body: { ...filter, isPlatform: 2, platform: 'html5-desktop' },
  });
}

/** Hot games change rarely: kept for a minute. */
export function hotGamesQueryOptions(filter: HotGamesFilter) {
  return queryOptions({ queryKey: ['lobby', 'hot', filter], queryFn: () => listHotGames(filter), staleTime: 60_000 });
}

/** The popular games strip (also suggested when a game is under maintenance). */
export function useHotGames(filter: HotGamesFilter = {}) {
  return useQuery(hotGamesQueryOptions(filter));
}
