import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ContractType } from '@wps/shared/schemas/agents';
import type { AgentIncomePage } from '@wps/shared/schemas/agent-settlement';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/session-storage';

export type IncomeFilter = { type?: ContractType; page: number };

/** GET /wps/agent/centre/income (token, agents only): the agent's settlement statements, newest first. */
export function getIncome({ type, page }: IncomeFilter): Promise<AgentIncomePage> {
  return apiRequest<AgentIncomePage>('/wps/agent/centre/income', { query: { type, page, pageSize: PAGE_SIZE } });
}

const PAGE_SIZE = 20;

/** Under ['member'], so logout forgets it and a money action (a statement pays the balance) refreshes it. */
export function incomeQueryOptions(token: string | null, filter: IncomeFilter) {
  return queryOptions({
    queryKey: ['member', 'agent', 'income', token, filter.type ?? 'all', filter.page],
    queryFn: () => getIncome(filter),
    enabled: token !== null,
    placeholderData: keepPreviousData,
  });
}

/** The agent's statements, of one contract type or all. */
export function useIncome(filter: IncomeFilter) {
  return useQuery(incomeQueryOptions(useToken(), filter));
}
