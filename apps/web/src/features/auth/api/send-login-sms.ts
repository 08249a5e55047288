import { useMutation } from '@tanstack/react-query';
import type { SmsSentResult } from '@wps/shared/schemas/verification';
import { apiRequest } from '../../../lib/api-client';

export type SendLoginSmsInput = { countryDialingCode: string; mobileNum: string };

/** POST /wps/verification/sms/noLogin: a login code; value.expiredMinutes drives the countdown. */
export function sendLoginSms(body: SendLoginSmsInput): Promise<SmsSentResult> {
  return apiRequest<SmsSentResult>('/wps/verification/sms/noLogin', { method: 'POST', body });
}

/** Mutation for the SMS login 'get code' button. */
export function useSendLoginSms() {
  return useMutation({ mutationFn: sendLoginSms });
}
