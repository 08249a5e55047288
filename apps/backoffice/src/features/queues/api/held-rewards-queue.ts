import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OpsGrant } from '@wps/shared/schemas/rewards';
import type { OpsPage } from '@wps/shared/schemas/ops-list';
import { opsRequest } from '../../../lib/api-client';
import { QUEUE_REFRESH_MS } from './deposits-queue';

/** The held rewards: releasing or rejecting one refetches the queue. */
export const heldRewardsQueueKey = ['ops', 'held-rewards'] as const;

/** What a release or rejection makes stale: the queue and the player's pages (a release pays). */
export const HELD_REWARD_INVALIDATES = [heldRewardsQueueKey, ['ops', 'players']] as const;

/** The most a page of the queue shows: the engine lists grants newest first, keyset-paged. */
const HELD_LIMIT = 200;

/**
 * GET /ops/rewards/grants?status=held (rewards.read): the grants waiting for an operator, newest
 * first, as one page for the table (the queue is short: rewards held for review, not every grant).
 */
export async function fetchHeldRewards(): Promise<OpsPage<OpsGrant>> {
  const { list } = await opsRequest<{ list: OpsGrant[] }>(`/ops/rewards/grants?status=held&limit=${HELD_LIMIT}`);
  return { list, total: list.length, page: 1, pageSize: HELD_LIMIT, totalPages: 1 };
}

export function heldRewardsQueueQuery() {
  return queryOptions({
    queryKey: heldRewardsQueueKey,
    queryFn: fetchHeldRewards,
    placeholderData: keepPreviousData,
    refetchInterval: QUEUE_REFRESH_MS,
  });
}

export function useHeldRewardsQueue() {
  return useQuery(heldRewardsQueueQuery());
}
