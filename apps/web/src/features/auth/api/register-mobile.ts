import { useMutation } from '@tanstack/react-query';
import type { LoginResult } from '@wps/shared/schemas/common';
import type { RegisterMobileBody } from '@wps/shared/schemas/member';
import { apiRequest } from '../../../lib/api-client';

/** PUT /wps/member/register/mobile (encrypted): the server generates the account name (value.account). */
export function registerByMobile(body: RegisterMobileBody): Promise<LoginResult> {
  return apiRequest<LoginResult>('/wps/member/register/mobile', { method: 'PUT', body, encrypted: true });
}

/** Mutation for the mobile registration form. */
export function useRegisterByMobile() {
  return useMutation({ mutationFn: registerByMobile });
}
