import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { LOTTERY_KEY } from './get-game-menus';

/** GET /lgw/favourites (token): the player's favourite game codes. */
export function getFavourites(): Promise<string[]> {
  return apiRequest<string[]>('/lgw/favourites');
}

export function favouritesQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: [LOTTERY_KEY, 'favourites', token],
    queryFn: getFavourites,
    enabled: token !== null,
  });
}

/** A signed-in player's favourites on the server (visitors' live in local storage, see favourites-store.ts). */
export function useServerFavourites(token: string | null) {
  return useQuery(favouritesQueryOptions(token));
}
