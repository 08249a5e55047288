import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { auditPageSchema } from '@wps/shared/schemas/operator';
import { opsRequest } from '../../../lib/api-client';
import { agentsKey } from './agents-key';

/** GET /ops/agents/:memberId/audit (agents.read): the moves, type changes and house contracts about the member, newest first. */
export function fetchAgentAudit(memberId: string, page: number): Promise<z.infer<typeof auditPageSchema>> {
  return opsRequest<z.infer<typeof auditPageSchema>>(
    `/ops/agents/${encodeURIComponent(memberId)}/audit?page=${page}&pageSize=10`,
  );
}

export function agentAuditQuery(memberId: string, page: number) {
  return queryOptions({
    queryKey: [...agentsKey, 'audit', memberId, page],
    queryFn: () => fetchAgentAudit(memberId, page),
    placeholderData: keepPreviousData,
  });
}

export function useAgentAudit(memberId: string, page: number) {
  return useQuery(agentAuditQuery(memberId, page));
}
