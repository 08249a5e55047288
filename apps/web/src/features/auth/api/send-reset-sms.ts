import { useMutation } from '@tanstack/react-query';
import type { SmsSentResult } from '@wps/shared/schemas/verification';
import { apiRequest } from '../../../lib/api-client';

export type SendResetSmsInput = { countryDialingCode: string; mobileNum: string };

/** POST /wps/verification/sms/password: a password-reset code; the countdown runs to value.expirationTime. */
export function sendResetSms(body: SendResetSmsInput): Promise<SmsSentResult> {
  return apiRequest<SmsSentResult>('/wps/verification/sms/password', { method: 'POST', body });
}

/** Mutation for the forgot-password mobile tab's 'get code' button. */
export function useSendResetSms() {
  return useMutation({ mutationFn: sendResetSms });
}
