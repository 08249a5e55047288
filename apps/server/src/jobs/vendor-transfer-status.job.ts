import type { Logger } from 'pino';
import type { TransferWalletService } from '../modules/gateway/transfer-wallet.service';

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
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const resolved = await transfers.runStatusChecks();
      if (resolved > 0) log.info({ resolved }, 'pending vendor transfers resolved');
    } catch (err) {
      log.error({ err }, 'vendor transfer status check failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
