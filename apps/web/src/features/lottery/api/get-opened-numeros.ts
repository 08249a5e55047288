import { queryOptions } from '@tanstack/react-query';
import type { LotteryDrawView } from '@wps/shared/schemas/lottery';
import { apiRequest } from '../../../lib/api-client';
import { LOTTERY_KEY } from './get-game-menus';

/** GET /lgw/vn/numeros/opened/game?gameCode=&count=: a game's decided draws, newest first, with results and revealed seeds. */
export function getOpenedNumeros(gameCode: string, count: number): Promise<LotteryDrawView[]> {
  return apiRequest<LotteryDrawView[]>('/lgw/vn/numeros/opened/game', { query: { gameCode, count } });
}

/** Read by useLotteryDraw only (get-opened-numero.ts), which keeps one game's draw state together. */
export function openedNumerosQueryOptions(gameCode: string, count: number) {
  return queryOptions({
    queryKey: [LOTTERY_KEY, 'numeros', gameCode, count],
    queryFn: () => getOpenedNumeros(gameCode, count),
    retry: false,
  });
}
