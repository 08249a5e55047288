import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type AffiliateResult = { code: string; agent: string };

/** GET /wps/agent/affiliate?code=&domain=: whether an affiliate code is valid for this domain. */
export function checkAffiliate(code: string, domain: string, signal?: AbortSignal): Promise<AffiliateResult> {
  return apiRequest<AffiliateResult>('/wps/agent/affiliate', { query: { code, domain }, signal });
}

/** Query options for an affiliate code check; the key owns code and domain. */
export function affiliateQueryOptions(code: string, domain: string) {
  return queryOptions({
    queryKey: ['auth', 'affiliate', code, domain],
    queryFn: ({ signal }) => checkAffiliate(code, domain, signal),
    enabled: code.length > 0,
    retry: false,
    staleTime: 5 * 60 * 1000,
  });
}

/** Checks the affiliate code that came from the address (failure → invitation_code_error). */
export function useAffiliateCheck(code: string, domain: string) {
  return useQuery(affiliateQueryOptions(code, domain));
}
