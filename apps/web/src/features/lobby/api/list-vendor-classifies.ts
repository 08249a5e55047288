import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VendorClassify } from '@wps/shared/schemas/catalogue';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/session-storage';

/** POST /wps/relay/GCSGAME_getVassGameType (token): a vendor's classify tabs. */
export function listVendorClassifies(vassalage: string): Promise<VendorClassify> {
  return apiRequest<VendorClassify>('/wps/relay/GCSGAME_getVassGameType', { method: 'POST', body: { vassalage } });
}

/** Keyed by vendor and token. */
export function vendorClassifiesQueryOptions(token: string | null, vassalage: string | undefined) {
  return queryOptions({
    queryKey: ['lobby', 'classifies', token, vassalage],
    queryFn: () => listVendorClassifies(vassalage ?? ''),
    enabled: token !== null && vassalage !== undefined,
    staleTime: 60_000,
  });
}

/** The classify tabs of the chosen vendor. */
export function useVendorClassifies(vassalage: string | undefined) {
  return useQuery(vendorClassifiesQueryOptions(useToken(), vassalage));
}
