import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FavouriteChange, GameItem } from '@wps/shared/schemas/catalogue';
import { apiRequest } from '../../../lib/api-client';
import { FAVOURITES_QUERY_KEY } from './list-favourite-ids';

export type FavouriteToggle = { game: Pick<GameItem, 'nodeId' | 'vassalage' | 'gameType'>; isFavourite: boolean };

/** POST /wps/relay/MCSFE_addFavoriteGame or MCSFE_removeFavoriteGame (token; data nodeId, vendor, gameType). */
export function setFavourite({
  game,
  isFavourite,
}: FavouriteToggle): Promise<{ nodeId: string; isFavourite: boolean }> {
  const body: FavouriteChange = { nodeId: game.nodeId, vendor: game.vassalage, gameType: game.gameType };
  const path = isFavourite ? '/wps/relay/MCSFE_addFavoriteGame' : '/wps/relay/MCSFE_removeFavoriteGame';
  return apiRequest(path, { method: 'POST', body });
}

/** Add or remove a favourite; the ids and the favourites list refresh. */
export function useToggleFavourite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setFavourite,
    onSettled: () => queryClient.invalidateQueries({ queryKey: FAVOURITES_QUERY_KEY }),
  });
}
