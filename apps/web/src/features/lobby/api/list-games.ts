import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { GAME_LIST_PAGE_SIZE } from '@wps/shared/catalogue-constants';
import type { GameCategory, GameList } from '@wps/shared/schemas/catalogue';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/session-storage';

export type GameListFilter = {
  vassalage?: string | undefined;
  gameType?: GameCategory | undefined;
  gameClassify?: string | undefined;
  gameName?: string | undefined;
  minBet?: string | undefined;
};

/** POST /wps/relay/GCSGAME_gameList (token): one page of 42 games. */
export function listGames(filter: GameListFilter, pageNo: number): Promise<GameList> {
  return apiRequest<GameList>('/wps/relay/GCSGAME_gameList', {
    method: 'POST',
    body: { ...filter, pageNo, pageSize: GAME_LIST_PAGE_SIZE, clientType: 3, platform: 'html5-desktop' },
  });
}

/** Pages accumulate for the infinite grid; a new filter starts again at page 1. */
export function gamesQueryOptions(token: string | null, filter: GameListFilter) {
  return infiniteQueryOptions({
    queryKey: ['lobby', 'games', token, filter],
    queryFn: ({ pageParam }) => listGames(filter, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pageNo < last.totalPages ? last.pageNo + 1 : undefined),
    enabled: token !== null,
    placeholderData: keepPreviousData,
  });
}

/** The game grid of a vendor or category, 42 at a time. */
export function useGames(filter: GameListFilter) {
  return useInfiniteQuery(gamesQueryOptions(useToken(), filter));
}
