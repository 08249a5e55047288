import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Bank } from '@wps/shared/schemas/security';
import { apiRequest } from '../../../lib/api-client';

/** GET /wps/member/banks (token): the banks the operator accepts. */
export function listBanks(): Promise<Bank[]> {
  return apiRequest<Bank[]>('/wps/member/banks');
}

export const banksQueryOptions = queryOptions({
  queryKey: ['member', 'banks'],
  queryFn: listBanks,
  staleTime: 10 * 60_000,
});

/** The operator's bank list, for the bank-account form. */
export function useBanks() {
  return useQuery(banksQueryOptions);
}
