import type { Contract, ContractType, HouseContractBody } from '@wps/shared/schemas/agents';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { agentsKey } from './agents-key';

export type SetHouseContractVariables = HouseContractBody & { memberId: string; type: ContractType };

/** PUT /ops/agents/:memberId/contracts/:type (agents.write): a top agent's contract with the house, active at once, audited with the reason. */
export function setHouseContract({ memberId, type, ...body }: SetHouseContractVariables): Promise<Contract> {
  return opsRequest<Contract>(`/ops/agents/${encodeURIComponent(memberId)}/contracts/${type}`, { method: 'PUT', body });
}

export function useSetHouseContract(successText: (contract: Contract) => string) {
  return useOpsMutation({ mutationFn: setHouseContract, invalidates: [agentsKey], successText });
}
