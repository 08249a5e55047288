import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CentreTransferBody, CentreTransferResult } from '@wps/shared/schemas/agent-centre';
import { apiRequest } from '../../../lib/api-client';

/** POST /wps/agent/centre/transfer (token, agents only, encrypted: it carries the payment password): one ledger transfer to a direct downline. */
export function transferToDownline(body: CentreTransferBody): Promise<CentreTransferResult> {
  return apiRequest<CentreTransferResult>('/wps/agent/centre/transfer', { method: 'POST', body, encrypted: true });
}

/** Refreshes everything under ['member']: the header balance, the downlines' balances, the account record. */
export function useTransferToDownline() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: transferToDownline,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['member'] }),
  });
}
