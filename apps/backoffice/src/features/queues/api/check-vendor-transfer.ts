import type { OpsVendorTransfer } from '@wps/shared/schemas/gateway';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { VENDOR_TRANSFER_CHECK_INVALIDATES } from './vendor-transfers-queue';

/**
 * POST /ops/vendor-transfers/:id/check (money.write): ask the vendor about a pending transfer now.
 * The vendor's answer settles it; the transfer comes back with its new status (or still pending).
 */
export function checkVendorTransfer({ id, reason }: { id: string; reason: string }): Promise<OpsVendorTransfer> {
  return opsRequest<OpsVendorTransfer>(`/ops/vendor-transfers/${encodeURIComponent(id)}/check`, {
    method: 'POST',
    body: { reason },
  });
}

export function useCheckVendorTransfer(successText: (transfer: OpsVendorTransfer) => string) {
  return useOpsMutation({
    mutationFn: checkVendorTransfer,
    invalidates: VENDOR_TRANSFER_CHECK_INVALIDATES,
    successText,
  });
}
