import { useMutation } from '@tanstack/react-query';
import type { LoginResult } from '@wps/shared/schemas/common';
import type { LoginBody } from '@wps/shared/schemas/session';
import { apiRequest } from '../../../lib/api-client';

/** POST /wps/session/login (encrypted): by username and password, or by mobile and SMS code. */
export function login(body: LoginBody): Promise<LoginResult> {
  return apiRequest<LoginResult>('/wps/session/login', { method: 'POST', body, encrypted: true });
}

/** Mutation for the login form; the caller completes the login on success. */
export function useLogin() {
  return useMutation({ mutationFn: login });
}
