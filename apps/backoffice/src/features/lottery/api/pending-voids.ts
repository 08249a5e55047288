import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OpsLotteryVoidQueue } from '@wps/shared/schemas/lottery-ops';
import { opsRequest } from '../../../lib/api-client';
import { lotteryKey } from './lottery-key';

/** GET /ops/lottery/voids/pending (lottery.read): voids asked for after the result was known, waiting for a second operator, oldest first. */
export function fetchPendingVoids(): Promise<OpsLotteryVoidQueue> {
  return opsRequest<OpsLotteryVoidQueue>('/ops/lottery/voids/pending');
}

export const pendingVoidsQuery = queryOptions({
  queryKey: [...lotteryKey, 'pending-voids'],
  queryFn: fetchPendingVoids,
  refetchInterval: 15_000,
});

export function usePendingVoids() {
  return useQuery(pendingVoidsQuery);
}
