import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PayeeNameBody } from '@wps/shared/schemas/security';
import { apiRequest } from '../../../lib/api-client';

/** PUT /wps/member/payee-name (token): bind the real name, once. */
export function setPayeeName(body: PayeeNameBody): Promise<{ payeeName: string }> {
  return apiRequest<{ payeeName: string }>('/wps/member/payee-name', { method: 'PUT', body });
}

/** Mutation for the real-name form; refreshes the summary. */
export function useSetPayeeName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPayeeName,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['member', 'security'] }),
  });
}
