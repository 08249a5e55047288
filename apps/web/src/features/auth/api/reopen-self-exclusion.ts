import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /wps/responsible-gaming/self-exclusion/reopen (no session): ask to end a self-exclusion whose
 * period is over, with the token the refused login handed out (it proves the password was right).
 * Login works again after the cooling-off period the answer names.
 */
export function reopenSelfExclusion(token: string): Promise<{ coolingOffUntil: string }> {
  return apiRequest<{ coolingOffUntil: string }>('/wps/responsible-gaming/self-exclusion/reopen', {
    method: 'POST',
    body: { token },
  });
}

export function useReopenSelfExclusion() {
  return useMutation({ mutationFn: reopenSelfExclusion });
}
