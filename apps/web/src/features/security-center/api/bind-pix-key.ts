import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BankAccountSummary, BindPixKeyBody } from '@wps/shared/schemas/security';
import { apiRequest } from '../../../lib/api-client';

/** PUT /wps/member/pix-keys (token): bind a PIX key as a payout account; answers the accounts, masked. */
export function bindPixKey(body: BindPixKeyBody): Promise<BankAccountSummary[]> {
  return apiRequest<BankAccountSummary[]>('/wps/member/pix-keys', { method: 'PUT', body });
}

/** Mutation for the PIX key form; refreshes the summary (and anything listing accounts). */
export function useBindPixKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bindPixKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['member'] }),
  });
}
