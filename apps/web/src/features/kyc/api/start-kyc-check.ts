import { useMutation } from '@tanstack/react-query';
import type { KycStartResult } from '@wps/shared/schemas/kyc';
import { apiRequest } from '../../../lib/api-client';

/** POST /wps/kyc/checks (token): open an identity check (or the one under way) at the provider. */
export function startKycCheck(returnUrl: string): Promise<KycStartResult> {
  return apiRequest<KycStartResult>('/wps/kyc/checks', { method: 'POST', body: { returnUrl } });
}

/** Start (or go on with) the check: the browser goes to the provider's pages, which bring it back. */
export function useStartKycCheck() {
  return useMutation({
    mutationFn: () => startKycCheck(`${window.location.pathname}${window.location.search}`),
    onSuccess: (started) => window.location.assign(started.url),
  });
}
