import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Raffle } from '@wps/shared/schemas/promo';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/session-storage';
import { PROMO_QUERY_KEY } from './list-activities';

/** GET /wps/promo/raffles/:id (token optional): the commitment, prizes, winners once drawn, the caller's tickets. */
export function getRaffle(id: string): Promise<Raffle> {
  return apiRequest<Raffle>(`/wps/promo/raffles/${encodeURIComponent(id)}`);
}

/** Under the feature's prefix, so a claim refreshes it; an open raffle is read again now and then so its draw shows. */
export function raffleQueryOptions(id: string, token: string | null) {
  return queryOptions({
    queryKey: [...PROMO_QUERY_KEY, 'raffle', id, token],
    queryFn: () => getRaffle(id),
    refetchInterval: (query) => (query.state.data?.status === 'open' ? 15_000 : false),
  });
}

export function useRaffle(id: string) {
  return useQuery(raffleQueryOptions(id, useToken()));
}
