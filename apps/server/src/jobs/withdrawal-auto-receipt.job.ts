import type { WithdrawalService } from '../modules/withdrawal/withdrawal.service';
import { startIntervalJob, type JobScheduler } from './interval-job';

/** How often the server looks for overdue approved withdrawals. */
export const AUTO_RECEIPT_INTERVAL_MS = 30_000;

/**
 * The product rule: an approved withdrawal not confirmed within N minutes counts as received. Safe to run
 * any number of times, from any number of servers: each order moves at most once, under its row
 * lock. Tests call it directly with a clock of their choosing.
 */
export async function runWithdrawalAutoReceipt(
  withdrawal: Pick<WithdrawalService, 'runAutoReceipt'>,
  now?: Date,
): Promise<number> {
  return withdrawal.runAutoReceipt(now);
}

/** Start the periodic auto-receipt; returns a stop function. The timer never keeps the process alive. */
export function startWithdrawalAutoReceiptJob(
  withdrawal: Pick<WithdrawalService, 'runAutoReceipt'>,
  scheduler: JobScheduler,
  intervalMs = AUTO_RECEIPT_INTERVAL_MS,
): () => Promise<void> {
  return startIntervalJob(
    {
      name: 'withdrawal-auto-receipt',
      run: () => runWithdrawalAutoReceipt(withdrawal),
      intervalMs,
      doneMessage: 'withdrawals auto-received',
      failMessage: 'withdrawal auto-receipt failed',
      runAtStart: true,
    },
    scheduler,
  );
}
