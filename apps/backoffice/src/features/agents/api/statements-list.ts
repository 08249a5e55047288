import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { opsStatementsPageSchema } from '@wps/shared/schemas/agent-settlement';
import { opsRequest } from '../../../lib/api-client';
import { agentsKey } from './agents-key';

export type StatementsPage = z.infer<typeof opsStatementsPageSchema>;

/** GET /ops/agents/statements (agents.read): every payee's statements, newest period first, by type, status and payee. */
export function fetchStatements(query: URLSearchParams): Promise<StatementsPage> {
  return opsRequest<StatementsPage>(`/ops/agents/statements?${query.toString()}`);
}

export function statementsQuery(query: URLSearchParams) {
  const key = query.toString();
  return queryOptions({
    queryKey: [...agentsKey, 'statements', key],
    queryFn: () => fetchStatements(new URLSearchParams(key)),
    placeholderData: keepPreviousData,
  });
}

export function useStatements(query: URLSearchParams) {
  return useQuery(statementsQuery(query));
}
