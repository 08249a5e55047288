import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AgentReport } from '@wps/shared/schemas/agent-ops';
import { opsRequest } from '../../../lib/api-client';
import { agentsKey } from './agents-key';

/** GET /ops/agents/:memberId/report (agents.read): the team's deposits, turnover, net loss and active players in [from, to), by branch. */
export function fetchAgentReport(memberId: string, from: string, to: string): Promise<AgentReport> {
  const query = new URLSearchParams({ from, to });
  return opsRequest<AgentReport>(`/ops/agents/${encodeURIComponent(memberId)}/report?${query.toString()}`);
}

export function agentReportQuery(memberId: string, from: string, to: string) {
  return queryOptions({
    queryKey: [...agentsKey, 'report', memberId, from, to],
    queryFn: () => fetchAgentReport(memberId, from, to),
    placeholderData: keepPreviousData,
  });
}

export function useAgentReport(memberId: string, from: string, to: string, enabled = true) {
  return useQuery({ ...agentReportQuery(memberId, from, to), enabled });
}
