import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BankAccountSummary, BindBankAccountBody } from '@wps/shared/schemas/security';
import { apiRequest } from '../../../lib/api-client';

/** PUT /wps/member/bank-accounts (token): bind a bank account; answers the accounts, masked. */
export function bindBankAccount(body: BindBankAccountBody): Promise<BankAccountSummary[]> {
  return apiRequest<BankAccountSummary[]>('/wps/member/bank-accounts', { method: 'PUT', body });
}

/** Mutation for the bank-account form; refreshes the summary (and anything listing accounts). */
export function useBindBankAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bindBankAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['member'] }),
  });
}
