import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BindEmailBody } from '@wps/shared/schemas/security';
import { apiRequest } from '../../../lib/api-client';

/** POST /wps/member/email (token): link the address with the mailed code. */
export function bindEmail(body: BindEmailBody): Promise<boolean> {
  return apiRequest<boolean>('/wps/member/email', { method: 'POST', body });
}

/** Mutation for the e-mail form; refreshes the summary and member info (masked e-mail). */
export function useBindEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bindEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['member'] }),
  });
}
