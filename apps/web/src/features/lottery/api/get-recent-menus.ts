import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LotteryGameMenu } from '@wps/shared/schemas/lottery';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/session-storage';
import { LOTTERY_KEY, readLobbyGames, type LobbyGame } from './get-game-menus';

/** GET /lgw/vn/games/game_menu/recent (token): the games the player bet on, latest first. */
export function getRecentMenus(): Promise<LobbyGame[]> {
  return readLobbyGames(() => apiRequest<LotteryGameMenu[]>('/lgw/vn/games/game_menu/recent'));
}

export function recentMenusQueryOptions(token: string | null) {
  return queryOptions({ queryKey: [LOTTERY_KEY, 'recent', token], queryFn: getRecentMenus, enabled: token !== null });
}

/** The player's recent games; nothing for a visitor. */
export function useRecentMenus() {
  return useQuery(recentMenusQueryOptions(useToken()));
}
