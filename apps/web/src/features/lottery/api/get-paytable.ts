import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LotteryPaytableView } from '@wps/shared/schemas/lottery';
import { apiRequest } from '../../../lib/api-client';
import { LOTTERY_KEY } from './get-game-menus';

/** GET /lgw/games/paytable?gameCode=: the game's odds by bet type, for the slip's potential payouts. */
export function getPaytable(gameCode: string): Promise<LotteryPaytableView> {
  return apiRequest<LotteryPaytableView>('/lgw/games/paytable', { query: { gameCode } });
}

export function paytableQueryOptions(gameCode: string) {
  // Odds change only when an operator edits the game: read once a page, refreshed with the lottery's other queries.
  return queryOptions({
    queryKey: [LOTTERY_KEY, 'paytable', gameCode],
    queryFn: () => getPaytable(gameCode),
    staleTime: 5 * 60_000,
  });
}

/** The game's paytable, as the slip's potential payouts read it. */
export function usePaytable(gameCode: string) {
  return useQuery(paytableQueryOptions(gameCode));
}
