import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordByEmailBody } from '@wps/shared/schemas/member';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /wps/member/password/reset (encrypted): set a new password with the e-mailed link's
 * single-use token, which travels in the body (the link keeps it in the URL fragment).
 */
export function resetPasswordByEmail(body: ResetPasswordByEmailBody): Promise<unknown> {
  return apiRequest<unknown>('/wps/member/password/reset', { method: 'POST', body, encrypted: true, token: null });
}

/** Mutation for the /reset-password page. */
export function useResetPasswordByEmail() {
  return useMutation({ mutationFn: resetPasswordByEmail });
}
