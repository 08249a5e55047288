import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Statement } from '@wps/shared/schemas/agent-settlement';
import { opsRequest } from '../../../lib/api-client';
import { agentsKey } from './agents-key';

/** GET /ops/agents/statements/:statementId (agents.read): a statement with the lines it was computed from. */
export function fetchStatement(statementId: string): Promise<Statement> {
  return opsRequest<Statement>(`/ops/agents/statements/${encodeURIComponent(statementId)}`);
}

export function statementQuery(statementId: string) {
  return queryOptions({
    queryKey: [...agentsKey, 'statement', statementId],
    queryFn: () => fetchStatement(statementId),
  });
}

export function useStatement(statementId: string) {
  return useQuery(statementQuery(statementId));
}
