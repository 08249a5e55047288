import { useMutation } from '@tanstack/react-query';
import type { LoginResult } from '@wps/shared/schemas/common';
import type { RegisterBody } from '@wps/shared/schemas/member';
import { apiRequest } from '../../../lib/api-client';

/** PUT /wps/member/register (encrypted): username registration; the player is logged in. */
export function registerByUsername(body: RegisterBody): Promise<LoginResult> {
  return apiRequest<LoginResult>('/wps/member/register', { method: 'PUT', body, encrypted: true });
}

/** Mutation for the username registration form; an identity provider's sign-in sends the same body elsewhere (register-oidc-pending.ts). */
export function useRegisterByUsername(submit: (body: RegisterBody) => Promise<LoginResult> = registerByUsername) {
  return useMutation({ mutationFn: submit });
}
