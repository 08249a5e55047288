import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RebateSummary } from '@wps/shared/schemas/rebate';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/session-storage';

/** GET /wps/rebate (token): the rates, the period in progress with its calculation, the last periods. */
export function getRebateSummary(): Promise<RebateSummary> {
  return apiRequest<RebateSummary>('/wps/rebate');
}

/** Under ['member'], so logout forgets it; a claim refreshes it with the balance. */
export const REBATE_KEY = ['member', 'rebate'] as const;

export function rebateSummaryQueryOptions(token: string | null) {
  return queryOptions({ queryKey: [...REBATE_KEY, token], queryFn: getRebateSummary, enabled: token !== null });
}

/** The betting-bonus page's data. */
export function useRebateSummary() {
  return useQuery(rebateSummaryQueryOptions(useToken()));
}
