import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Statement } from '@wps/shared/schemas/agent-settlement';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/session-storage';

/** GET /wps/agent/centre/income/:statementId (token, agents only): one statement with the lines it was computed from. */
export function getIncomeStatement(statementId: string): Promise<Statement> {
  return apiRequest<Statement>(`/wps/agent/centre/income/${encodeURIComponent(statementId)}`);
}

/** A statement never changes once made, except its status (paid, held): under ['member'] it refreshes with the money. */
export function incomeStatementQueryOptions(token: string | null, statementId: string) {
  return queryOptions({
    queryKey: ['member', 'agent', 'income-statement', token, statementId],
    queryFn: () => getIncomeStatement(statementId),
    enabled: token !== null,
  });
}

/** One statement's lines, fetched when it is opened. */
export function useIncomeStatement(statementId: string) {
  return useQuery(incomeStatementQueryOptions(useToken(), statementId));
}
