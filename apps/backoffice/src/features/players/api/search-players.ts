import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PlayerSearchKey, PlayerSearchPage } from '@wps/shared/schemas/players';
import { opsRequest } from '../../../lib/api-client';

export type PlayerSearch = { q: string; key: PlayerSearchKey; page: number };

/** GET /ops/players: one page of players matching the search (nothing asked while `q` is empty). */
export function searchPlayers({ q, key, page }: PlayerSearch): Promise<PlayerSearchPage> {
  const search = new URLSearchParams({ q, key, page: String(page), pageSize: '20' });
  return opsRequest<PlayerSearchPage>(`/ops/players?${search.toString()}`);
}

export const searchPlayersQuery = (search: PlayerSearch) =>
  queryOptions({
    queryKey: ['ops', 'players', 'search', search],
    queryFn: () => searchPlayers(search),
    enabled: search.q.trim().length > 0,
    placeholderData: keepPreviousData,
  });

export function useSearchPlayers(search: PlayerSearch) {
  return useQuery(searchPlayersQuery(search));
}
