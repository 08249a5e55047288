import type { TransferWalletService } from '../modules/gateway/transfer-wallet.service';
import { startIntervalJob, type JobScheduler } from './interval-job';

/** How often the server asks vendors about transfers left pending. */
export const VENDOR_STATUS_INTERVAL_MS = 15_000;

/**
 * Resolve transfer-wallet transfers whose outcome was unknown (timeout, vendor down). Safe from
 * any number of servers at once, and beside players' own transfers and balance reads: each outcome
 * is recorded once, in a transaction that takes the transfer wallet's lock order (the player's
 * vendor_wallets row, then the transfer row, its hold and the ledger accounts) and is retried on a
 * deadlock or serialization failure; a pass that still fails is logged and the next tick tries again.
 */
export function startVendorTransferStatusJob(
  transfers: Pick<TransferWalletService, 'runStatusChecks'>,
  scheduler: JobScheduler,
  intervalMs = VENDOR_STATUS_INTERVAL_MS,
): () => Promise<void> {
  return startIntervalJob(
    {
      name: 'vendor-transfer-status',
      run: () => transfers.runStatusChecks(),
      intervalMs,
      doneMessage: 'pending vendor transfers resolved',
      failMessage: 'vendor transfer status check failed',
    },
    scheduler,
  );
}
