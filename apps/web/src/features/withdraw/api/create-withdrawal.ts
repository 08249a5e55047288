import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateWithdrawalBody, WithdrawalOrder } from '@wps/shared/schemas/withdrawal';
import { apiRequest } from '../../../lib/api-client';

export { createWithdrawalBodySchema } from '@wps/shared/schemas/withdrawal';

/** POST /wps/withdraw/orders (token, encrypted: it carries the payment password): the amount moves into a pending withdrawal. */
export function createWithdrawal(body: CreateWithdrawalBody): Promise<WithdrawalOrder> {
  return apiRequest<WithdrawalOrder>('/wps/withdraw/orders', { method: 'POST', body, encrypted: true });
}

/** Mutation for the withdraw form; refreshes the balance, the withdraw page and the account record. */
export function useCreateWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWithdrawal,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['member'] }),
  });
}
