import { useMutation } from '@tanstack/react-query';
import type { KycStartResult } from '@wps/shared/schemas/kyc';
import { apiRequest } from '../../../lib/api-client';

/** POST /wps/kyc/reverification (token): open the face check a login found due (or the one under way). */
export function startReverification(returnUrl: string): Promise<KycStartResult> {
  return apiRequest<KycStartResult>('/wps/kyc/reverification', { method: 'POST', body: { returnUrl } });
}

/** Start (or go on with) the face check: the browser goes to the provider's page, which brings it back here. */
export function useStartReverification() {
  return useMutation({
    mutationFn: () => startReverification(`${window.location.pathname}${window.location.search}`),
    onSuccess: (started) => window.location.assign(started.url),
  });
}
