import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { settlementRunsPageSchema } from '@wps/shared/schemas/agent-settlement';
import { opsRequest } from '../../../lib/api-client';
import { agentsKey } from './agents-key';

export type SettlementRunsPage = z.infer<typeof settlementRunsPageSchema>;

/** GET /ops/agents/settlement/runs (agents.read): the settlement runs, newest period first, by type and status. */
export function fetchSettlementRuns(query: URLSearchParams): Promise<SettlementRunsPage> {
  return opsRequest<SettlementRunsPage>(`/ops/agents/settlement/runs?${query.toString()}`);
}

export function settlementRunsQuery(query: URLSearchParams) {
  const key = query.toString();
  // Runs move while the jobs settle periods: refreshed while the screen is open.
  return queryOptions({
    queryKey: [...agentsKey, 'runs', key],
    queryFn: () => fetchSettlementRuns(new URLSearchParams(key)),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
}

export function useSettlementRuns(query: URLSearchParams) {
  return useQuery(settlementRunsQuery(query));
}
