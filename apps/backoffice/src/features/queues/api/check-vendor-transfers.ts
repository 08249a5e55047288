import type { OpsVendorTransfer } from '@wps/shared/schemas/gateway';
import { isApiError } from '../../../lib/api-client';
import { runOneByOne, type BulkOutcome } from '../../../lib/bulk-run';
import { useOpsMutation } from '../../../lib/use-ops-mutation';
import { checkVendorTransfer } from './check-vendor-transfer';
import { VENDOR_TRANSFER_CHECK_INVALIDATES } from './vendor-transfers-queue';

/**
 * Ask the vendors now about several pending transfers: POST /ops/vendor-transfers/:id/check for
 * each, one after the other, with one reason (money.write). Asking only asks: the vendor's answer
 * settles a transfer, as the status job's would, so it is safe in bulk. A transfer that was
 * settled meanwhile (TRANSFER_NOT_PENDING) is skipped.
 */
export function checkVendorTransfers({
  ids,
  reason,
}: {
  ids: readonly string[];
  reason: string;
}): Promise<BulkOutcome<OpsVendorTransfer>> {
  return runOneByOne(
    ids,
    (id) => checkVendorTransfer({ id, reason }),
    (error) => isApiError(error, 'TRANSFER_NOT_PENDING'),
  );
}

export function useCheckVendorTransfers(successText: (outcome: BulkOutcome<OpsVendorTransfer>) => string) {
  return useOpsMutation({
    mutationFn: checkVendorTransfers,
    invalidates: VENDOR_TRANSFER_CHECK_INVALIDATES,
    successText,
  });
}
