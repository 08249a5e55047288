import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { KeysetPage } from '@wps/shared/schemas/players';
import { opsRequest } from '../../../lib/api-client';

/** Every query of one player's page starts with this key, so an action refreshes all of them. */
export const playerKey = (memberId: string) => ['ops', 'players', memberId] as const;

/** One keyset page of a player list: `cursor` is the last id of the page before (undefined: the newest). */
export function keysetListQuery<T>(
  memberId: string,
  list: string,
  filters: Record<string, string | undefined>,
  cursor: string | undefined,
) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) search.set(key, value);
  if (cursor) search.set('cursor', cursor);
  search.set('limit', '20');
  return queryOptions({
    queryKey: [...playerKey(memberId), list, search.toString()],
    queryFn: () =>
      opsRequest<KeysetPage<T>>(`/ops/players/${encodeURIComponent(memberId)}/${list}?${search.toString()}`),
    placeholderData: keepPreviousData,
  });
}

export function useKeysetList<T>(
  memberId: string,
  list: string,
  filters: Record<string, string | undefined>,
  cursor: string | undefined,
) {
  return useQuery(keysetListQuery<T>(memberId, list, filters, cursor));
}
