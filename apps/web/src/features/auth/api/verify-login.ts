import { useMutation } from '@tanstack/react-query';
import type { LoginVerifiedResult, LoginVerifyBody } from '@wps/shared/schemas/login-verification';
import { apiRequest } from '../../../lib/api-client';

/** POST /wps/session/login/verify: the code of a login from a new device, and how long to remember it. */
export function verifyLogin(body: LoginVerifyBody): Promise<LoginVerifiedResult> {
  return apiRequest<LoginVerifiedResult>('/wps/session/login/verify', { method: 'POST', body });
}

/** Mutation for the login form's code step; the caller completes the login on success. */
export function useVerifyLogin() {
  return useMutation({ mutationFn: verifyLogin });
}
