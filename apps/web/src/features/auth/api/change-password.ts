import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordBody } from '@wps/shared/schemas/member';
import { apiRequest } from '../../../lib/api-client';

/** POST /wps/member/password (token, encrypted). */
export function changePassword(body: ChangePasswordBody): Promise<unknown> {
  return apiRequest<unknown>('/wps/member/password', { method: 'POST', body, encrypted: true });
}

/** Mutation for the change-password modal. */
export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
