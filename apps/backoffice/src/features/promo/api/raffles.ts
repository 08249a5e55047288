import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OpsRaffle } from '@wps/shared/schemas/promo';
import { opsRequest } from '../../../lib/api-client';

export type { OpsRaffle };
export const rafflesKey = ['ops', 'raffles'] as const;

/** GET /ops/raffles (promotions.write): the raffles, newest first; the seed once drawn. */
export function fetchRaffles(): Promise<OpsRaffle[]> {
  return opsRequest<{ list: OpsRaffle[] }>('/ops/raffles').then((r) => r.list);
}

export function useRaffles() {
  return useQuery(queryOptions({ queryKey: rafflesKey, queryFn: fetchRaffles }));
}
