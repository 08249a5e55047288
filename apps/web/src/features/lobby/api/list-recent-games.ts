import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GameStrip } from '@wps/shared/schemas/catalogue';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/session-storage';

/** POST /wps/relay/GCS_recentGame (token): the player's recently launched games. */
export function listRecentGames(vassalage: string | undefined): Promise<GameStrip> {
  return apiRequest<GameStrip>('/wps/relay/GCS_recentGame', {
    method: 'POST',
    body: { clientType: 3, vassalage, pageNo: 1, pageSize: 20 },
  });
}

/** Keyed by token and vendor. */
export function recentGamesQueryOptions(token: string | null, vassalage: string | undefined) {
  return queryOptions({
    queryKey: ['lobby', 'recent', token, vassalage],
    queryFn: () => listRecentGames(vassalage),
    enabled: token !== null,
  });
}

/** The recent games strip. */
export function useRecentGames(vassalage?: string) {
  return useQuery(recentGamesQueryOptions(useToken(), vassalage));
}
