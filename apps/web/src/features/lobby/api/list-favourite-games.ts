import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FavouriteList, GameCategory } from '@wps/shared/schemas/catalogue';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/session-storage';
import { FAVOURITES_QUERY_KEY } from './list-favourite-ids';

/** POST /wps/relay/MCSFE_getFavoriteGamesList (token; spec: gameType RNG). */
export function listFavouriteGames(gameType: GameCategory): Promise<FavouriteList> {
  return apiRequest<FavouriteList>('/wps/relay/MCSFE_getFavoriteGamesList', {
    method: 'POST',
    body: { clientType: 3, platform: 'html5-desktop', gameType, pageNo: 1, pageSize: 42 },
  });
}

/** Keyed under the favourites key so toggling refreshes it. */
export function favouriteGamesQueryOptions(token: string | null, gameType: GameCategory) {
  return queryOptions({
    queryKey: [...FAVOURITES_QUERY_KEY, 'list', token, gameType],
    queryFn: () => listFavouriteGames(gameType),
    enabled: token !== null,
  });
}

/** The player's favourite games of a type. */
export function useFavouriteGames(gameType: GameCategory) {
  return useQuery(favouriteGamesQueryOptions(useToken(), gameType));
}
