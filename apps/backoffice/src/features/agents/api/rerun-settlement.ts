import type { SettlementRun } from '@wps/shared/schemas/agent-settlement';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { agentsKey } from './agents-key';

/** POST /ops/agents/settlement/runs/:runId/rerun (agents.write): settle a failed period again (what was paid stays paid), audited with the reason. */
export function rerunSettlement({ runId, reason }: { runId: string; reason: string }): Promise<SettlementRun> {
  return opsRequest<SettlementRun>(`/ops/agents/settlement/runs/${encodeURIComponent(runId)}/rerun`, {
    method: 'POST',
    body: { reason },
  });
}

export function useRerunSettlement(successText: (run: SettlementRun) => string) {
  return useOpsMutation({ mutationFn: rerunSettlement, invalidates: [agentsKey], successText });
}
