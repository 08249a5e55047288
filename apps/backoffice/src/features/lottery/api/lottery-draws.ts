import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OpsLotteryDrawsPage } from '@wps/shared/schemas/lottery-ops';
import { opsRequest } from '../../../lib/api-client';
import { lotteryKey } from './lottery-key';

export type LotteryDrawsFilter = {
  gameCode?: string | undefined;
  status?: string | undefined;
  before?: string | undefined;
  size?: number;
};

function toQuery(filter: LotteryDrawsFilter): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filter))
    if (value !== undefined && value !== '') query.set(name, String(value));
  return query.toString();
}

/** GET /ops/lottery/draws (lottery.read): draws newest first by game and status; `next` is the keyset cursor (`before`) of the following page. */
export function fetchLotteryDraws(filter: LotteryDrawsFilter): Promise<OpsLotteryDrawsPage> {
  return opsRequest<OpsLotteryDrawsPage>(`/ops/lottery/draws?${toQuery(filter)}`);
}

export function lotteryDrawsQuery(filter: LotteryDrawsFilter) {
  // Draws open, close and settle every minute for the quick games: refreshed while the screen is open.
  return queryOptions({
    queryKey: [...lotteryKey, 'draws', toQuery(filter)],
    queryFn: () => fetchLotteryDraws(filter),
    placeholderData: keepPreviousData,
    refetchInterval: 15_000,
  });
}

export function useLotteryDraws(filter: LotteryDrawsFilter) {
  return useQuery(lotteryDrawsQuery(filter));
}
