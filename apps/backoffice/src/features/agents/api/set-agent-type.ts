import type { AgentTypeBody, AgentTypeResult } from '@wps/shared/schemas/agent-ops';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { agentsKey } from './agents-key';

export type SetAgentTypeVariables = AgentTypeBody & { memberId: string };

/** PUT /ops/agents/:memberId/type (agents.write): another account type (the rules in docs/agents.md), audited with the reason. */
export function setAgentType({ memberId, ...body }: SetAgentTypeVariables): Promise<AgentTypeResult> {
  return opsRequest<AgentTypeResult>(`/ops/agents/${encodeURIComponent(memberId)}/type`, { method: 'PUT', body });
}

export function useSetAgentType(successText: (result: AgentTypeResult) => string) {
  return useOpsMutation({ mutationFn: setAgentType, invalidates: [agentsKey], successText });
}
