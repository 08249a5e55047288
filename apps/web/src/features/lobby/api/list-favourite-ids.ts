import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/session-storage';

/** Every favourites query starts with this key, so a change refreshes them all. */
export const FAVOURITES_QUERY_KEY = ['lobby', 'favourites'] as const;

/** POST /wps/relay/MCSFE_getFavoriteGames (token): the node ids of the player's favourites. */
export function listFavouriteIds(): Promise<string[]> {
  return apiRequest<string[]>('/wps/relay/MCSFE_getFavoriteGames', { method: 'POST', body: {} });
}

/** Keyed by token: a visitor has none. */
export function favouriteIdsQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: [...FAVOURITES_QUERY_KEY, 'ids', token],
    queryFn: listFavouriteIds,
    enabled: token !== null,
    select: (ids: string[]) => new Set(ids),
  });
}

/** The player's favourite node ids as a set. */
export function useFavouriteIds() {
  return useQuery(favouriteIdsQueryOptions(useToken()));
}
