import { useMutation } from '@tanstack/react-query';
import type { EmailBindCodeBody, EmailCodeSent } from '@wps/shared/schemas/security';
import { apiRequest } from '../../../lib/api-client';

/** POST /wps/verification/email/bind (token): mail a code to the address to link. */
export function sendEmailBindCode(body: EmailBindCodeBody): Promise<EmailCodeSent> {
  return apiRequest<EmailCodeSent>('/wps/verification/email/bind', { method: 'POST', body });
}

/** Mutation for the e-mail form's 'get code' button. */
export function useSendEmailBindCode() {
  return useMutation({ mutationFn: sendEmailBindCode });
}
