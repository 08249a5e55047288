import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateDepositOrderBody, DepositOrder } from '@wps/shared/schemas/deposit';
import { apiRequest } from '../../../lib/api-client';
import { DEPOSIT_ORDERS_QUERY_KEY } from './list-deposit-orders';

export { createDepositOrderBodySchema } from '@wps/shared/schemas/deposit';

/** POST /wps/deposit/orders (token): a manual order with its receiving account, or a gateway order with its pay URL. */
export function createDepositOrder(body: CreateDepositOrderBody): Promise<DepositOrder> {
  return apiRequest<DepositOrder>('/wps/deposit/orders', { method: 'POST', body });
}

/** Mutation for the deposit form; refreshes the order list. */
export function useCreateDepositOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDepositOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DEPOSIT_ORDERS_QUERY_KEY }),
  });
}
