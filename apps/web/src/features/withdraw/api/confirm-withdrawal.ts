import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConfirmWithdrawalBody, WithdrawalOrder } from '@wps/shared/schemas/withdrawal';
import { apiRequest } from '../../../lib/api-client';

/** POST /wps/withdraw/orders/:id/confirm (token): received or fully paid. */
export function confirmWithdrawal({ id, ...body }: ConfirmWithdrawalBody & { id: string }): Promise<WithdrawalOrder> {
  return apiRequest<WithdrawalOrder>(`/wps/withdraw/orders/${encodeURIComponent(id)}/confirm`, {
    method: 'POST',
    body,
  });
}

/** Mutation for the received / fully paid buttons. */
export function useConfirmWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmWithdrawal,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['member'] }),
  });
}
