import { useMutation } from '@tanstack/react-query';
import type { SmsSentResult } from '@wps/shared/schemas/verification';
import { apiRequest } from '../../../lib/api-client';

export type SendRegisterSmsInput = {
  countryDialingCode: string;
  mobileNo: string;
  captcha?: string;
  captchaKey?: string;
};

/** POST /wps/verification/sms/register: a registration code; value.expiredMinutes drives the countdown. */
export function sendRegisterSms(body: SendRegisterSmsInput): Promise<SmsSentResult> {
  return apiRequest<SmsSentResult>('/wps/verification/sms/register', { method: 'POST', body });
}

/** Mutation for the registration forms' 'get code' button. */
export function useSendRegisterSms() {
  return useMutation({ mutationFn: sendRegisterSms });
}
