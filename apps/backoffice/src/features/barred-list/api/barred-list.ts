import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BarredListEntry } from '@wps/shared/schemas/identity';
import { opsRequest } from '../../../lib/api-client';

export const barredListKey = ['ops', 'compliance', 'barred-list'] as const;

export type BarredList = { list: BarredListEntry[]; sandbox: boolean };

/** GET /ops/compliance/barred-list (settings.read): the sandbox provider's listed CPFs, masked; `sandbox` false when it is off. */
export function fetchBarredList(): Promise<BarredList> {
  return opsRequest<BarredList>('/ops/compliance/barred-list');
}

export function barredListQuery() {
  return queryOptions({ queryKey: barredListKey, queryFn: fetchBarredList });
}

export function useBarredList() {
  return useQuery(barredListQuery());
}
