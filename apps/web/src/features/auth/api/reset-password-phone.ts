import { useMutation } from '@tanstack/react-query';
import type { LoginResult } from '@wps/shared/schemas/common';
import { apiRequest } from '../../../lib/api-client';

export type ResetPasswordPhoneInput = {
  countryDialingCode: string;
  mobileNum: string;
  verificationCode: string;
  newPassword: string;
  confirmNewPassword?: string;
};

/** POST /wps/member/password/verification (encrypted): verify the code, set the password and log in. */
export function resetPasswordByPhone(body: ResetPasswordPhoneInput): Promise<LoginResult> {
  return apiRequest<LoginResult>('/wps/member/password/verification', { method: 'POST', body, encrypted: true });
}

/** Mutation for the forgot-password mobile tab. */
export function useResetPasswordByPhone() {
  return useMutation({ mutationFn: resetPasswordByPhone });
}
