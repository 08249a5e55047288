import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BarredHit } from '@wps/shared/schemas/identity';
import type { OpsPage } from '@wps/shared/schemas/ops-list';
import { opsRequest } from '../../../lib/api-client';

/** Every page of the hits: a settlement refetches them all. */
export const barredHitsKey = ['ops', 'compliance', 'barred-hits'] as const;

/** GET /ops/compliance/barred-hits with the list's page, order, check and status (players.read). */
export function fetchBarredHits(query: URLSearchParams): Promise<OpsPage<BarredHit>> {
  return opsRequest<OpsPage<BarredHit>>(`/ops/compliance/barred-hits?${query.toString()}`);
}

export function barredHitsQuery(query: URLSearchParams) {
  const search = query.toString();
  return queryOptions({
    queryKey: [...barredHitsKey, search],
    queryFn: () => fetchBarredHits(new URLSearchParams(search)),
    placeholderData: keepPreviousData,
  });
}

/** One page of barred-list hits; the previous page stays on screen while the next one loads. */
export function useBarredHits(query: URLSearchParams) {
  return useQuery(barredHitsQuery(query));
}
