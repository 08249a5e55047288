import type { ContractType, HouseContractBody, HouseContractResult } from '@wps/shared/schemas/agents';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { agentsKey } from './agents-key';

export type SetHouseContractVariables = HouseContractBody & { memberId: string; type: ContractType };

/**
 * PUT /ops/agents/:memberId/contracts/:type (agents.write): a top agent's contract with the house,
 * audited with the reason. Lower terms are active at once (`contract`); a new contract or higher
 * terms wait for a second operator (`waiting`).
 */
export function setHouseContract({ memberId, type, ...body }: SetHouseContractVariables): Promise<HouseContractResult> {
  return opsRequest<HouseContractResult>(`/ops/agents/${encodeURIComponent(memberId)}/contracts/${type}`, {
    method: 'PUT',
    body,
  });
}

export function useSetHouseContract(successText: (result: HouseContractResult, type: ContractType) => string) {
  return useOpsMutation({
    mutationFn: setHouseContract,
    invalidates: [agentsKey],
    successText: (result, variables) => successText(result, variables.type),
  });
}
