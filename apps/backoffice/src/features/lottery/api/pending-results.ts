import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OpsLotteryQueueEntry } from '@wps/shared/schemas/lottery-ops';
import { opsRequest } from '../../../lib/api-client';
import { lotteryKey } from './lottery-key';

/** GET /ops/lottery/results/pending (lottery.read): results typed in and waiting for a second operator, oldest first. */
export function fetchPendingResults(): Promise<OpsLotteryQueueEntry[]> {
  return opsRequest<OpsLotteryQueueEntry[]>('/ops/lottery/results/pending');
}

export const pendingResultsQuery = queryOptions({
  queryKey: [...lotteryKey, 'pending'],
  queryFn: fetchPendingResults,
  refetchInterval: 15_000,
});

export function usePendingResults() {
  return useQuery(pendingResultsQuery);
}
