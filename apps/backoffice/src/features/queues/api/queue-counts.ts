import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueueCounts } from '@wps/shared/schemas/reporting';
import { opsRequest } from '../../../lib/api-client';

/**
 * Under the dashboard's key on purpose: every decision that invalidates the dashboard's queue
 * counts (DEPOSIT_DECISION_INVALIDATES and the like) refreshes the sidebar's badges too.
 */
export const queueCountsKey = ['ops', 'dashboard', 'queue-counts'] as const;

/** How often the sidebar's badges look again: the dashboard's own pace. */
export const QUEUE_COUNTS_REFRESH_MS = 60_000;

/** GET /ops/queues/summary: how many wait in each queue (dashboard.read). */
export function fetchQueueCounts(): Promise<QueueCounts> {
  return opsRequest<QueueCounts>('/ops/queues/summary');
}

export function queueCountsQuery() {
  return queryOptions({
    queryKey: queueCountsKey,
    queryFn: fetchQueueCounts,
    refetchInterval: QUEUE_COUNTS_REFRESH_MS,
  });
}

/** The counts, polled while the shell is open; off for a role that may not read them. */
export function useQueueCounts(enabled: boolean) {
  return useQuery({ ...queueCountsQuery(), enabled });
}
