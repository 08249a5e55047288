import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LotteryMenuGroup, LotteryPrizeMode } from '@wps/shared/schemas/lottery';
import { apiRequest } from '../../../lib/api-client';

/**
 * Every lottery query key starts with this: one invalidation of ['lottery'] (a draw decided, pushed
 * by the server later) refreshes menus, draws, results and tickets together.
 */
export const LOTTERY_KEY = 'lottery';

/** GET /lgw/games/game_menus?prizeMode=: the games by menu group, each with the draw taking bets. All active games without a mode. */
export function getGameMenus(prizeMode?: LotteryPrizeMode): Promise<LotteryMenuGroup[]> {
  return apiRequest<LotteryMenuGroup[]>('/lgw/games/game_menus', { query: { prizeMode } });
}

export function gameMenusQueryOptions(prizeMode?: LotteryPrizeMode) {
  return queryOptions({
    queryKey: [LOTTERY_KEY, 'menus', prizeMode ?? 'all'],
    queryFn: () => getGameMenus(prizeMode),
    staleTime: 30_000,
  });
}

/** The lobby's groups of one prize mode, or of every mode (to find any game by its code). */
export function useGameMenus(prizeMode?: LotteryPrizeMode) {
  return useQuery(gameMenusQueryOptions(prizeMode));
}
