import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WalletTransferBody, WalletTransferResult } from '@wps/shared/schemas/gateway';
import { apiRequest } from '../../../lib/api-client';

export { walletTransferBodySchema } from '@wps/shared/schemas/gateway';

/** POST /wps/relay/GCS_walletTransfer (token): main wallet ↔ vendor wallets, one vendor or all; retry-safe by idempotencyKey. */
export function walletTransfer(body: WalletTransferBody): Promise<WalletTransferResult> {
  return apiRequest<WalletTransferResult>('/wps/relay/GCS_walletTransfer', { method: 'POST', body });
}

/** Transfer mutation; refreshes the header balance and the vendor wallets. */
export function useWalletTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: walletTransfer,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['member'] }),
  });
}
