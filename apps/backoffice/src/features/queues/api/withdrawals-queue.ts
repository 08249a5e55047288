import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OpsPage } from '@wps/shared/schemas/ops-list';
import type { OpsWithdrawalOrder } from '@wps/shared/schemas/withdrawal';
import { opsRequest } from '../../../lib/api-client';
import { QUEUE_REFRESH_MS } from './deposits-queue';

/** Every page of the withdrawal queue, and each order's proofs below it: a decision refetches them. */
export const withdrawalsQueueKey = ['ops', 'withdrawals'] as const;

/**
 * What a decision on a withdrawal makes stale: the queue, the player's pages (balance,
 * withdrawal list) and the dashboard's pending and dispute counts.
 */
export const WITHDRAWAL_DECISION_INVALIDATES = [withdrawalsQueueKey, ['ops', 'players'], ['ops', 'dashboard']] as const;

/** GET /ops/withdrawals with the queue's page, sort and status (money.read). */
export function fetchWithdrawalsQueue(query: URLSearchParams): Promise<OpsPage<OpsWithdrawalOrder>> {
  return opsRequest<OpsPage<OpsWithdrawalOrder>>(`/ops/withdrawals?${query.toString()}`);
}

export function withdrawalsQueueQuery(query: URLSearchParams) {
  const search = query.toString();
  return queryOptions({
    queryKey: [...withdrawalsQueueKey, 'list', search],
    queryFn: () => fetchWithdrawalsQueue(new URLSearchParams(search)),
    placeholderData: keepPreviousData,
    refetchInterval: QUEUE_REFRESH_MS,
  });
}

/** One page of the withdrawal queue; the previous page stays on screen while the next one loads. */
export function useWithdrawalsQueue(query: URLSearchParams) {
  return useQuery(withdrawalsQueueQuery(query));
}
