import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OpsRaffle } from '@wps/shared/schemas/promo';
import { opsRequest } from '../../../lib/api-client';

export const awaitingRafflesKey = ['ops', 'raffles', 'awaiting'] as const;

/** GET /ops/raffles/awaiting (adjustments.approve): raffles whose prizes passed a set-up ceiling, oldest first. */
export function fetchAwaitingRaffles(): Promise<OpsRaffle[]> {
  return opsRequest<{ list: OpsRaffle[] }>('/ops/raffles/awaiting').then((r) => r.list);
}

export const awaitingRafflesQuery = () => queryOptions({ queryKey: awaitingRafflesKey, queryFn: fetchAwaitingRaffles });

export function useAwaitingRaffles() {
  return useQuery(awaitingRafflesQuery());
}
