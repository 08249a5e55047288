import { useMutation } from '@tanstack/react-query';
import type { SmsBindCodeBody } from '@wps/shared/schemas/security';
import type { SmsSentResult } from '@wps/shared/schemas/verification';
import { apiRequest } from '../../../lib/api-client';

/** POST /wps/verification/sms/bind (token): text a code to the number to link. */
export function sendMobileBindCode(body: SmsBindCodeBody): Promise<SmsSentResult> {
  return apiRequest<SmsSentResult>('/wps/verification/sms/bind', { method: 'POST', body });
}

/** Mutation for the mobile form's 'get code' button. */
export function useSendMobileBindCode() {
  return useMutation({ mutationFn: sendMobileBindCode });
}
