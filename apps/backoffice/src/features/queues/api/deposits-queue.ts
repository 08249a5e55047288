import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OpsDepositOrder } from '@wps/shared/schemas/deposit';
import type { OpsPage } from '@wps/shared/schemas/ops-list';
import { opsRequest } from '../../../lib/api-client';

/** Every page of the deposit queue, whatever its filters: a decision refetches them all. */
export const depositsQueueKey = ['ops', 'deposits'] as const;

/**
 * What a decision on a deposit makes stale: the queue, the player's pages (balance, deposit
 * list) and the dashboard's pending count.
 */
export const DEPOSIT_DECISION_INVALIDATES = [depositsQueueKey, ['ops', 'players'], ['ops', 'dashboard']] as const;

/** How often an open queue looks for new orders (the finance desk keeps it open all day). */
export const QUEUE_REFRESH_MS = 30_000;

/** GET /ops/deposits with the queue's page, sort, status and channel type (money.read). */
export function fetchDepositsQueue(query: URLSearchParams): Promise<OpsPage<OpsDepositOrder>> {
  return opsRequest<OpsPage<OpsDepositOrder>>(`/ops/deposits?${query.toString()}`);
}

export function depositsQueueQuery(query: URLSearchParams) {
  const search = query.toString();
  return queryOptions({
    queryKey: [...depositsQueueKey, search],
    queryFn: () => fetchDepositsQueue(new URLSearchParams(search)),
    placeholderData: keepPreviousData,
    refetchInterval: QUEUE_REFRESH_MS,
  });
}

/** One page of the deposit queue; the previous page stays on screen while the next one loads. */
export function useDepositsQueue(query: URLSearchParams) {
  return useQuery(depositsQueueQuery(query));
}
