import { queryOptions, useQuery } from '@tanstack/react-query';
import { LOTTERY_POPULAR_COUNT, type LotteryGameMenu } from '@wps/shared/schemas/lottery';
import { apiRequest } from '../../../lib/api-client';
import { LOTTERY_KEY, readLobbyGames, type LobbyGame } from './get-game-menus';

export type PopularGame = LobbyGame & { tickets: number };

/** GET /lgw/games/popular?count=20: games by tickets over the last day, then the rest. */
export function getPopular(): Promise<PopularGame[]> {
  return readLobbyGames(() =>
    apiRequest<(LotteryGameMenu & { tickets: number })[]>('/lgw/games/popular', {
      query: { count: LOTTERY_POPULAR_COUNT },
    }),
  );
}

export function popularQueryOptions() {
  return queryOptions({ queryKey: [LOTTERY_KEY, 'popular'], queryFn: getPopular, staleTime: 60_000 });
}

/** The lobby's popular strip. */
export function usePopular() {
  return useQuery(popularQueryOptions());
}
