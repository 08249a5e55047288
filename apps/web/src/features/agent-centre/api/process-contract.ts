import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContractProcessBody, ContractType, ContractView } from '@wps/shared/schemas/agents';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/session-storage';

/**
 * The spec's four contract process calls, one per type, all with one body and one answer
 * (contractProcessBodySchema, contractViewSchema): one endpoint in four spellings, so one file.
 */
const PROCESS_PATHS: Record<ContractType, string> = {
  dividend: '/wps/relay/MCS2_processDividendReq',
  daily_salary: '/wps/relay/MCS2_processDailySalContract',
  hourly_salary: '/wps/relay/MCS2_processContractHourSalary',
  realtime_salary: '/wps/relay/MCSFE_processRealTimeSalaryContract',
};

/** POST /wps/relay/<type's call> (token, agents only): one action, answered with the type's contracts after it. */
export function processContract(type: ContractType, body: ContractProcessBody): Promise<ContractView> {
  return apiRequest<ContractView>(PROCESS_PATHS[type], { method: 'POST', body });
}

/**
 * The `view` action as a query. Under ['member'], so logout forgets it and a money action or a
 * contract change elsewhere (the consolidated funds' flags sit there too) refreshes it.
 */
export function contractViewQueryOptions(token: string | null, type: ContractType) {
  return queryOptions({
    queryKey: ['member', 'agent', 'contracts', type, token],
    queryFn: () => processContract(type, { action: 'view' }),
    enabled: token !== null,
  });
}

/** The member's contracts of one type: with its upline (current, offer) and with its direct downlines. */
export function useContractView(type: ContractType) {
  return useQuery(contractViewQueryOptions(useToken(), type));
}

/**
 * Every other action. The answer is the new view, stored at once; then everything under
 * ['member'] refreshes: the consolidated flags (which pages the agent centre lists) and the other
 * types' views, which an automatic termination may have changed too.
 */
export function useProcessContract(type: ContractType) {
  const queryClient = useQueryClient();
  const token = useToken();
  return useMutation({
    mutationFn: (body: Exclude<ContractProcessBody, { action: 'view' }>) => processContract(type, body),
    onSuccess: (view) => queryClient.setQueryData(contractViewQueryOptions(token, type).queryKey, view),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['member'] }),
  });
}
