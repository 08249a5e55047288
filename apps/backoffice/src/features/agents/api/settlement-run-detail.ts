import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SettlementRunDetail } from '@wps/shared/schemas/agent-settlement';
import { opsRequest } from '../../../lib/api-client';
import { agentsKey } from './agents-key';

/** GET /ops/agents/settlement/runs/:runId (agents.read): a run with its statements. */
export function fetchSettlementRun(runId: string): Promise<SettlementRunDetail> {
  return opsRequest<SettlementRunDetail>(`/ops/agents/settlement/runs/${encodeURIComponent(runId)}`);
}

export function settlementRunQuery(runId: string) {
  return queryOptions({ queryKey: [...agentsKey, 'run', runId], queryFn: () => fetchSettlementRun(runId) });
}

export function useSettlementRun(runId: string) {
  return useQuery(settlementRunQuery(runId));
}
