import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OpsPage } from '@wps/shared/schemas/ops-list';
import type { OpsApplication } from '@wps/shared/schemas/promo';
import { opsRequest } from '../../../lib/api-client';

/** Every page of the applications queue: a decision refetches them all. */
export const applicationQueueKey = ['ops', 'promo', 'applications'] as const;

/** GET /ops/promo/applications with the list's page, order and filters (promotions.write). */
export function fetchApplicationQueue(query: URLSearchParams): Promise<OpsPage<OpsApplication>> {
  return opsRequest<OpsPage<OpsApplication>>(`/ops/promo/applications?${query.toString()}`);
}

export function applicationQueueQuery(query: URLSearchParams) {
  const search = query.toString();
  return queryOptions({
    queryKey: [...applicationQueueKey, search],
    queryFn: () => fetchApplicationQueue(new URLSearchParams(search)),
    placeholderData: keepPreviousData,
  });
}

/** One page of applications; the previous page stays on screen while the next one loads. */
export function useApplicationQueue(query: URLSearchParams) {
  return useQuery(applicationQueueQuery(query));
}
