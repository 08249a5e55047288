import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type ForgotPasswordEmailInput = { username: string; email: string };

/** POST /wps/member/password/email (form-urlencoded): the server mails a reset message. */
export function sendForgotPasswordEmail(input: ForgotPasswordEmailInput): Promise<unknown> {
  return apiRequest<unknown>('/wps/member/password/email', { method: 'POST', body: input, form: true });
}

/** Mutation for the forgot-password email tab. */
export function useForgotPasswordEmail() {
  return useMutation({ mutationFn: sendForgotPasswordEmail });
}
