import type { AgentMoveBody, AgentMoveResult } from '@wps/shared/schemas/agents';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { agentsKey } from './agents-key';

export type MoveMemberVariables = AgentMoveBody & { memberId: string };

/** POST /ops/agents/:memberId/move (agents.write): the member and its whole team under another upline (or the top), audited with the reason. */
export function moveMember({ memberId, ...body }: MoveMemberVariables): Promise<AgentMoveResult> {
  return opsRequest<AgentMoveResult>(`/ops/agents/${encodeURIComponent(memberId)}/move`, { method: 'POST', body });
}

export function useMoveMember(successText: (result: AgentMoveResult) => string) {
  return useOpsMutation({ mutationFn: moveMember, invalidates: [agentsKey], successText });
}
