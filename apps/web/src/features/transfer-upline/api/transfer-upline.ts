import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TransferUplineBody, TransferUplineResult } from '@wps/shared/schemas/transfer';
import { apiRequest } from '../../../lib/api-client';

export { transferUplineBodySchema } from '@wps/shared/schemas/transfer';

/** POST /wps/member/transfer/upline (token, encrypted: it carries the payment password): one ledger transfer to the upline agent's wallet. */
export function transferUpline(body: TransferUplineBody): Promise<TransferUplineResult> {
  return apiRequest<TransferUplineResult>('/wps/member/transfer/upline', { method: 'POST', body, encrypted: true });
}

/** Mutation for the transfer form; refreshes the balance and the account record. */
export function useTransferUpline() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: transferUpline,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['member'] }),
  });
}
