import type { Logger } from 'pino';
import type { TransferWalletService } from '../modules/gateway/transfer-wallet.service';
import { startIntervalJob } from './interval-job';

/** How often the server asks vendors about transfers left pending. */
export const VENDOR_STATUS_INTERVAL_MS = 15_000;

/**
 * Resolve transfer-wallet transfers whose outcome was unknown (timeout, vendor down). Safe from
 * any number of servers at once: each outcome is recorded under the transfer's row lock, once.
 */
export function startVendorTransferStatusJob(
  transfers: Pick<TransferWalletService, 'runStatusChecks'>,
  log: Pick<Logger, 'info' | 'error'>,
  intervalMs = VENDOR_STATUS_INTERVAL_MS,
): () => void {
  return startIntervalJob(
    {
      run: () => transfers.runStatusChecks(),
      intervalMs,
      doneMessage: 'pending vendor transfers resolved',
      failMessage: 'vendor transfer status check failed',
    },
    log,
  );
}
