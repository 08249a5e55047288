import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OpsKycPage } from '@wps/shared/schemas/kyc';
import { opsRequest } from '../../../lib/api-client';

/** Every page of the identity checks: a decision refetches them all. */
export const kycChecksKey = ['ops', 'kyc', 'checks'] as const;

/** GET /ops/kyc/checks with the list's page, order and status (kyc.review). */
export function fetchKycChecks(query: URLSearchParams): Promise<OpsKycPage> {
  return opsRequest<OpsKycPage>(`/ops/kyc/checks?${query.toString()}`);
}

export function kycChecksQuery(query: URLSearchParams) {
  const search = query.toString();
  return queryOptions({
    queryKey: [...kycChecksKey, search],
    queryFn: () => fetchKycChecks(new URLSearchParams(search)),
    placeholderData: keepPreviousData,
  });
}

export function useKycChecks(query: URLSearchParams) {
  return useQuery(kycChecksQuery(query));
}
