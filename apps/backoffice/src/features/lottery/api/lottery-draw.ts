import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OpsLotteryDrawDetail } from '@wps/shared/schemas/lottery-ops';
import { opsRequest } from '../../../lib/api-client';
import { lotteryKey } from './lottery-key';

/** GET /ops/lottery/draws/:drawId (lottery.read): the draw, its liability per number (largest first), tickets by status and the result waiting for approval. */
export function fetchLotteryDraw(drawId: string): Promise<OpsLotteryDrawDetail> {
  return opsRequest<OpsLotteryDrawDetail>(`/ops/lottery/draws/${encodeURIComponent(drawId)}`);
}

export function lotteryDrawQuery(drawId: string) {
  // An open draw's liability moves with every bet, and a decided one settles within seconds.
  return queryOptions({
    queryKey: [...lotteryKey, 'draw', drawId],
    queryFn: () => fetchLotteryDraw(drawId),
    refetchInterval: 5_000,
  });
}

export function useLotteryDraw(drawId: string) {
  return useQuery(lotteryDrawQuery(drawId));
}
