import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { favouritesQueryOptions } from './get-favourites';

/** PUT /lgw/favourites/:gameCode (token) {favourite}: mark or unmark; answers the whole list. */
export function setFavourite(gameCode: string, favourite: boolean): Promise<string[]> {
  return apiRequest<string[]>(`/lgw/favourites/${encodeURIComponent(gameCode)}`, {
    method: 'PUT',
    body: { favourite },
  });
}

/** Mark a favourite on the server; the list it answers replaces the cached one. */
export function useSetFavourite(token: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ gameCode, favourite }: { gameCode: string; favourite: boolean }) =>
      setFavourite(gameCode, favourite),
    onSuccess: (list) => queryClient.setQueryData(favouritesQueryOptions(token).queryKey, list),
  });
}
