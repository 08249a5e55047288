import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LotteryMenuGroup } from '@wps/shared/schemas/lottery';
import { apiRequest } from '../../../lib/api-client';
import { LOTTERY_KEY, readLobbyGroups, type LobbyGroup } from './get-game-menus';

/** GET /lgw/vn/games/game_menu?prizeMode=Lott&device=WEB: the Vietnamese daily draws by region (north, central, south). */
export function getVnGameMenu(): Promise<LobbyGroup[]> {
  return readLobbyGroups(() =>
    apiRequest<LotteryMenuGroup[]>('/lgw/vn/games/game_menu', { query: { prizeMode: 'Lott', device: 'WEB' } }),
  );
}

export function vnGameMenuQueryOptions() {
  return queryOptions({ queryKey: [LOTTERY_KEY, 'vn-menu'], queryFn: getVnGameMenu, staleTime: 30_000 });
}

/** The /vnlottery lobby's regions. */
export function useVnGameMenu(enabled: boolean) {
  return useQuery({ ...vnGameMenuQueryOptions(), enabled });
}
