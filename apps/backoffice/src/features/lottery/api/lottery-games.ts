import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OpsLotteryGame } from '@wps/shared/schemas/lottery-ops';
import { opsRequest } from '../../../lib/api-client';
import { lotteryKey } from './lottery-key';

/** GET /ops/lottery/games (lottery.read): every game with its schedule, paytable, exact house edges and limits. */
export function fetchLotteryGames(): Promise<OpsLotteryGame[]> {
  return opsRequest<OpsLotteryGame[]>('/ops/lottery/games');
}

/** Under the lottery key: a game's change (a cut-off) moves its draws' times too. */
export const lotteryGamesQuery = queryOptions({ queryKey: [...lotteryKey, 'games'], queryFn: fetchLotteryGames });

export function useLotteryGames() {
  return useQuery(lotteryGamesQuery);
}
