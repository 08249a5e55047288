import { useMutation } from '@tanstack/react-query';
import type { LoginAnswer } from '@wps/shared/schemas/login-verification';
import type { LoginBody } from '@wps/shared/schemas/session';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /wps/session/login (encrypted): by username and password, or by mobile and SMS code. A
 * password login from a device not remembered may answer with a code step instead of a session.
 */
export function login(body: LoginBody): Promise<LoginAnswer> {
  return apiRequest<LoginAnswer>('/wps/session/login', { method: 'POST', body, encrypted: true });
}

/** Mutation for the login form; the caller completes the login on success. */
export function useLogin() {
  return useMutation({ mutationFn: login });
}
