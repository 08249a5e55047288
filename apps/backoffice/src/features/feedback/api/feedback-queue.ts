import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OpsFeedback } from '@wps/shared/schemas/feedback';
import type { OpsPage } from '@wps/shared/schemas/ops-list';
import { opsRequest } from '../../../lib/api-client';

/** Every page of the feedback list: an answer refetches them all. */
export const feedbackQueueKey = ['ops', 'feedback'] as const;

/** GET /ops/feedback with the list's page, order and status (players.read). */
export function fetchFeedbackQueue(query: URLSearchParams): Promise<OpsPage<OpsFeedback>> {
  return opsRequest<OpsPage<OpsFeedback>>(`/ops/feedback?${query.toString()}`);
}

export function feedbackQueueQuery(query: URLSearchParams) {
  const search = query.toString();
  return queryOptions({
    queryKey: [...feedbackQueueKey, search],
    queryFn: () => fetchFeedbackQueue(new URLSearchParams(search)),
    placeholderData: keepPreviousData,
  });
}

/** One page of players' feedback; the previous page stays on screen while the next one loads. */
export function useFeedbackQueue(query: URLSearchParams) {
  return useQuery(feedbackQueueQuery(query));
}
