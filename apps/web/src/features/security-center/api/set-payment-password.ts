import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentPasswordBody } from '@wps/shared/schemas/security';
import { apiRequest } from '../../../lib/api-client';

/** PUT /wps/member/payment-password (token, encrypted): set, or change with the current one. */
export function setPaymentPassword(body: PaymentPasswordBody): Promise<boolean> {
  return apiRequest<boolean>('/wps/member/payment-password', { method: 'PUT', body, encrypted: true });
}

/** Mutation for the payment password form; refreshes the summary. */
export function useSetPaymentPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPaymentPassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['member', 'security'] }),
  });
}
